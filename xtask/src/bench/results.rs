//! The results of one `url-bench` run as data: read from the Markdown tables the benchmark prints
//! (so that a build of any older revision can be read the same way), written to and read back
//! from JSON, with the machine and date of the run.
//!
//! Two table shapes are read. Implementation tables (`| implementation | median ns/URL | … |
//! ratio … | …`, under `### dataset` and `#### workload` headings): one record per row, the
//! ratio column when there is one. Workload tables (`| workload | unit | A | B | … | A / B |`, the
//! URLPattern sections): one record per row and value column, the first value column being ours
//! and the `A / B` column its ratio.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

/// One cell of the benchmark: an implementation's median on one table of one section.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The `###` heading: a dataset's file name, `generated: host-heavy`, `URLPattern`, …
    pub section: String,
    /// The `####` heading (`parse`, `setters: …`), or a workload table's row name.
    pub table: String,
    pub implementation: String,
    /// This project's row (named `(ours)`, or the first value column of a workload table).
    pub ours: bool,
    /// Median nanoseconds per URL or operation (per the unit of the table).
    pub median: f64,
    /// The table's ratio column (to ada, to the table's reference row, or ours / theirs in a
    /// workload table), when it has one: measured round by round in one process, so that the
    /// load of the machine cancels out of it.
    pub ratio: Option<f64>,
}

/// Where and when a run happened (the chart's caption).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Machine {
    pub cpu: String,
    pub cores: usize,
    /// `YYYY-MM-DD HH:MM` UTC.
    pub date: String,
    pub commit: String,
}

/// One run: its machine, the arguments it was given, its records.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Run {
    pub machine: Machine,
    pub args: Vec<String>,
    pub records: Vec<Record>,
}

/// The text of a heading without its trailing parenthesis (`kasztp.txt (48010 URLs, …)`), a
/// dataset path shortened to its file name.
fn heading(text: &str) -> String {
    let text = text.trim();
    let text = match text.rfind(" (") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => text,
    };
    if text.contains('/') && !text.contains(' ') {
        Path::new(text)
            .file_name()
            .map_or(text.to_owned(), |n| n.to_string_lossy().into_owned())
    } else {
        text.to_owned()
    }
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_owned()).collect()
}

fn number(cell: &str) -> Option<f64> {
    cell.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// The records of every table in `text` (the benchmark's stdout); other lines are skipped.
pub fn parse_markdown(text: &str) -> Vec<Record> {
    let mut records = Vec::new();
    let (mut section, mut table) = (String::new(), String::new());
    let mut header: Option<Vec<String>> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("#### ") {
            table = heading(rest);
            header = None;
        } else if let Some(rest) = line.strip_prefix("### ") {
            section = heading(rest);
            table.clear();
            header = None;
        } else if !line.starts_with('|') {
            header = None;
        } else if line.starts_with("|-") || line.starts_with("| -") {
            continue;
        } else if let Some(columns) = &header {
            read_row(columns, &cells(line), &section, &table, &mut records);
        } else {
            header = Some(cells(line));
        }
    }
    records
}

fn read_row(columns: &[String], row: &[String], section: &str, table: &str, out: &mut Vec<Record>) {
    let Some(first) = columns.first() else {
        return;
    };
    match first.as_str() {
        "implementation" => {
            let ratio_at = columns.iter().position(|c| c.starts_with("ratio"));
            let (Some(name), Some(median)) = (row.first(), row.get(1).and_then(|c| number(c)))
            else {
                return;
            };
            out.push(Record {
                section: section.to_owned(),
                table: table.to_owned(),
                implementation: name.clone(),
                ours: name.contains("(ours)"),
                median,
                ratio: ratio_at.and_then(|at| row.get(at)).and_then(|c| number(c)),
            });
        }
        "workload" => {
            let Some(name) = row.first() else {
                return;
            };
            // Columns after `unit`; the ratio column's header holds a `/`.
            let ratio_at = columns.iter().position(|c| c.contains(" / "));
            let ratio = ratio_at.and_then(|at| row.get(at)).and_then(|c| number(c));
            let values = columns.iter().enumerate().skip(2);
            for (n, (at, column)) in values.filter(|(_, c)| !c.contains('/')).enumerate() {
                if let Some(median) = row.get(at).and_then(|c| number(c)) {
                    out.push(Record {
                        section: section.to_owned(),
                        table: name.clone(),
                        implementation: column.clone(),
                        ours: n == 0,
                        median,
                        ratio: if n == 0 { ratio } else { None },
                    });
                }
            }
        }
        _ => {}
    }
}

/// The median of `values` (NaN for none).
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// Several passes of the same benchmark as one: every record in the order it first appears,
/// with the median over the passes of its median and of its ratio (`--baseline`'s passes of the
/// current tree, saved as one run).
pub fn combine(passes: &[Vec<Record>]) -> Vec<Record> {
    let mut combined: Vec<Record> = Vec::new();
    for record in passes.iter().flatten() {
        let same = |r: &&Record| {
            r.section == record.section
                && r.table == record.table
                && r.implementation == record.implementation
        };
        if combined.iter().any(|r| same(&r)) {
            continue;
        }
        let found: Vec<&Record> = passes.iter().filter_map(|p| p.iter().find(same)).collect();
        let ratios: Vec<f64> = found.iter().filter_map(|r| r.ratio).collect();
        combined.push(Record {
            median: median(found.iter().map(|r| r.median).collect()),
            ratio: (!ratios.is_empty()).then(|| median(ratios)),
            ..record.clone()
        });
    }
    combined
}

/// A JSON string literal.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The run as a JSON document (one record a line).
pub fn to_json(run: &Run) -> String {
    let m = &run.machine;
    let mut out = String::from("{\n");
    let _ = writeln!(
        out,
        "  \"machine\": {{\"cpu\": {}, \"cores\": {}, \"date\": {}, \"commit\": {}}},",
        quote(&m.cpu),
        m.cores,
        quote(&m.date),
        quote(&m.commit)
    );
    let args: Vec<String> = run.args.iter().map(|a| quote(a)).collect();
    let _ = writeln!(out, "  \"args\": [{}],", args.join(", "));
    out.push_str("  \"records\": [");
    for (i, r) in run.records.iter().enumerate() {
        let ratio = r.ratio.map_or("null".to_owned(), |x| x.to_string());
        let _ = write!(
            out,
            "{}\n    {{\"section\": {}, \"table\": {}, \"implementation\": {}, \"ours\": {}, \"median\": {}, \"ratio\": {}}}",
            if i == 0 { "" } else { "," },
            quote(&r.section),
            quote(&r.table),
            quote(&r.implementation),
            r.ours,
            r.median,
            ratio
        );
    }
    out.push_str("\n  ]\n}\n");
    out
}

fn float(value: Option<&Value>) -> Option<f64> {
    value.and_then(Value::as_f64)
}

/// Reads what [`to_json`] wrote.
pub fn from_json(text: &str) -> Result<Run, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
    let machine = doc.get("machine").ok_or("JSON: no `machine`")?;
    let text_at = |v: &Value, key: &str| {
        v.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let mut records = Vec::new();
    for r in doc
        .get("records")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        records.push(Record {
            section: text_at(r, "section"),
            table: text_at(r, "table"),
            implementation: text_at(r, "implementation"),
            ours: r.get("ours") == Some(&Value::Bool(true)),
            median: float(r.get("median")).ok_or("JSON: a record without `median`")?,
            ratio: float(r.get("ratio")),
        });
    }
    Ok(Run {
        machine: Machine {
            cpu: text_at(machine, "cpu"),
            cores: float(machine.get("cores")).unwrap_or(0.0) as usize,
            date: text_at(machine, "date"),
            commit: text_at(machine, "commit"),
        },
        args: doc
            .get("args")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str().map(str::to_owned))
            .collect(),
        records,
    })
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
pub fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// This machine now: CPU model (`/proc/cpuinfo`), cores, UTC date, and the commit of `root`.
pub fn machine(root: &Path) -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")?
                .split_once(':')
                .map(|(_, v)| v.trim())
        })
        .unwrap_or("unknown CPU")
        .to_owned();
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    let (y, mo, d) = civil(secs.div_euclid(86_400));
    let minute = secs.rem_euclid(86_400) / 60;
    let date = format!(
        "{y:04}-{mo:02}-{d:02} {:02}:{:02}",
        minute / 60,
        minute % 60
    );
    let commit = std::process::Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=10"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    Machine {
        cpu,
        cores,
        date,
        commit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "\
(intro)

### /data/kasztp.txt (3 URLs, 90 bytes)

#### parse (3 URLs, 5 rounds x 100 passes)

| implementation | median ns/URL | MB/s | ratio to ada | failures | mallocs/URL |
|---|---:|---:|---:|---:|---:|
| url-api (ours) | 60.9 | 500.0 | 0.55 | 0 | 1.000 |
| ada-url 4 | 110.0 | 270.0 | 1.00 | 0 | 2.000 |

#### setters: clone, set pathname (3 inputs, 5 rounds x 10 passes)

| implementation | median ns/op | ratio | failures |
|---|---:|---:|---:|
| url 2.5 | 200.5 | n/a | 0 |

### URLPattern (50 routes, 10000 request URLs, 15 interleaved rounds)

| workload | unit | whatwg-urlpattern (ours) | ours with RegressEngine | urlpattern 0.6 | ours / urlpattern |
|---|---|---:|---:|---:|---:|
| construct | ns/pattern | 900.0 | n/a | 4000.0 | 0.225 |
";

    #[test]
    fn reads_both_table_shapes() {
        let records = parse_markdown(OUTPUT);
        assert_eq!(records.len(), 5);
        assert_eq!(records[0].section, "kasztp.txt");
        assert_eq!(records[0].table, "parse");
        assert!(records[0].ours && !records[1].ours);
        assert_eq!((records[0].median, records[0].ratio), (60.9, Some(0.55)));
        assert_eq!(records[2].table, "setters: clone, set pathname");
        assert_eq!(records[2].ratio, None);
        assert_eq!(records[3].section, "URLPattern");
        assert_eq!(records[3].table, "construct");
        assert!(records[3].ours);
        assert_eq!(records[3].ratio, Some(0.225));
        assert_eq!(records[4].implementation, "urlpattern 0.6");
        assert!(!records[4].ours);
    }

    #[test]
    fn combines_passes_by_median() {
        let row = |name: &str, median: f64, ratio: Option<f64>| Record {
            section: "a.txt".into(),
            table: "parse".into(),
            implementation: name.into(),
            ours: name == "ours",
            median,
            ratio,
        };
        let passes = vec![
            vec![row("ours", 10.0, Some(0.5)), row("ada", 20.0, None)],
            vec![row("ours", 30.0, Some(0.7))],
            vec![row("ours", 12.0, Some(0.4)), row("ada", 22.0, None)],
        ];
        let combined = combine(&passes);
        assert_eq!(
            combined,
            vec![row("ours", 12.0, Some(0.5)), row("ada", 21.0, None)]
        );
    }

    #[test]
    fn json_round_trip() {
        let run = Run {
            machine: Machine {
                cpu: "A \"quoted\" CPU\\".into(),
                cores: 2,
                date: "2026-11-25 22:00".into(),
                commit: "abc".into(),
            },
            args: vec!["--quick".into()],
            records: parse_markdown(OUTPUT),
        };
        assert_eq!(from_json(&to_json(&run)), Ok(run));
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_508), (2026, 2, 24));
        assert_eq!(civil(11_016), (2000, 2, 29));
    }
}

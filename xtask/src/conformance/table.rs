//! The conformance table: rows collected from `$URL_CONFORMANCE_OUT`, their order, the Markdown
//! rendering, and which fixture files a row covers.

/// One row: a fixture (or part of one) and its passed/total counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub passed: u64,
    pub total: u64,
    /// An informational row (`name<TAB>passed<TAB>total<TAB>info`): cases set apart for a reason
    /// the row names (a newer Unicode version than the fixtures'), shown but never a failure.
    pub informational: bool,
}

impl Row {
    /// Whether every case of the row passed (a row with no case did not). Informational rows
    /// always count as complete.
    pub fn is_complete(&self) -> bool {
        self.informational || (self.total > 0 && self.passed == self.total)
    }
}

/// What the tests appended to `$URL_CONFORMANCE_OUT`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Collected {
    pub rows: Vec<Row>,
    /// `#note<TAB>text` lines (for instance the Unicode versions of the IDNA data and fixtures),
    /// each once, in first-seen order.
    pub notes: Vec<String>,
    /// Lines of no known shape.
    pub bad: Vec<String>,
}

/// Parses the lines that `test_support::Conformance::finish` and `test_support::note` append:
/// `name<TAB>passed<TAB>total`, the same with `<TAB>info`, and `#note<TAB>text`.
pub fn parse_rows(text: &str) -> Collected {
    let mut collected = Collected::default();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        if let Some(note) = line.strip_prefix("#note\t") {
            if !collected.notes.iter().any(|n| n == note) {
                collected.notes.push(note.to_owned());
            }
            continue;
        }
        let (line_without_flag, informational) = match line.strip_suffix("\tinfo") {
            Some(rest) => (rest, true),
            None => (line, false),
        };
        let mut fields = line_without_flag.rsplitn(3, '\t');
        let (total, passed, name) = (fields.next(), fields.next(), fields.next());
        match (
            name,
            passed.and_then(|p| p.parse().ok()),
            total.and_then(|t| t.parse().ok()),
        ) {
            (Some(name), Some(passed), Some(total)) => {
                collected.rows.push(Row {
                    name: name.to_owned(),
                    passed,
                    total,
                    informational,
                });
            }
            _ => collected.bad.push(line.to_owned()),
        }
    }
    collected
}

/// The fixtures whose rows come first, in this order (file stems; `toascii` rows that mention
/// `URL`, i.e. toascii.json run through the URL parser, take the place of [`TOASCII_VIA_URL`]).
const ORDER: [&str; 9] = [
    "percent-encoding",
    "urlencoded-parser",
    "toascii",
    "IdnaTestV2",
    "IdnaTestV2-removed",
    "urltestdata",
    "urltestdata-javascript-only",
    TOASCII_VIA_URL,
    "setters_tests",
];
const TOASCII_VIA_URL: &str = "toascii via URL";

/// Sorts rows: the fixtures of [`ORDER`], then rows of `api/` fixtures (`api_stems`: the stems of
/// the files in the fixture dir's api/), then any other row; alphabetically within each group.
pub fn sort_rows(rows: &mut [Row], api_stems: &[String]) {
    rows.sort_by_cached_key(|row| {
        let name = row.name.to_ascii_lowercase();
        let key = name.strip_prefix("api/").unwrap_or(&name).to_owned();
        (rank(&row.name, api_stems), key, row.name.clone())
    });
}

fn rank(name: &str, api_stems: &[String]) -> usize {
    let known = ORDER
        .iter()
        .filter(|stem| **stem != TOASCII_VIA_URL && mentions(name, stem))
        .max_by_key(|stem| stem.len());
    if let Some(&stem) = known {
        let via_url = stem == "toascii"
            && name
                .to_ascii_lowercase()
                .replace("toascii", "")
                .contains("url");
        let stem = if via_url { TOASCII_VIA_URL } else { stem };
        return ORDER.iter().position(|s| *s == stem).unwrap_or(ORDER.len());
    }
    if name.contains("api/") || api_stems.iter().any(|stem| mentions(name, stem)) {
        ORDER.len()
    } else {
        ORDER.len() + 1
    }
}

/// Whether `name` mentions the fixture `stem` as a whole name (ASCII case-insensitively): not as
/// part of a longer one, so `urltestdata-javascript-only.json` does not mention `urltestdata`.
pub fn mentions(name: &str, stem: &str) -> bool {
    let (name, stem) = (name.to_ascii_lowercase(), stem.to_ascii_lowercase());
    if stem.is_empty() {
        return false;
    }
    let is_name_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    name.match_indices(&stem).any(|(start, _)| {
        let before = name.as_bytes().get(start.wrapping_sub(1)).copied();
        let after = name.as_bytes().get(start + stem.len()).copied();
        !before.is_some_and(is_name_byte) && !after.is_some_and(is_name_byte)
    })
}

/// The stem of a fixture path: `api/urlsearchparams.json` -> `urlsearchparams`.
pub fn stem(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    file.strip_suffix(".json").unwrap_or(file)
}

/// The fixture files (paths relative to the fixture dir) that no row mentions.
pub fn uncovered<'a>(files: &'a [String], rows: &[Row]) -> Vec<&'a str> {
    files
        .iter()
        .map(String::as_str)
        .filter(|file| !rows.iter().any(|row| mentions(&row.name, stem(file))))
        .collect()
}

/// `passed / total` as a percentage, floored to a tenth so that only a complete row shows 100%.
pub fn percent(passed: u64, total: u64) -> String {
    if total == 0 {
        return "n/a".to_owned();
    }
    if passed >= total {
        return "100%".to_owned();
    }
    let tenths = passed.saturating_mul(1000) / total;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The rows as a Markdown table: `| fixture | passed / total | % |`.
pub fn render(rows: &[Row]) -> String {
    let cells: Vec<[String; 3]> = rows
        .iter()
        .map(|row| {
            [
                row.name.replace('|', "\\|"),
                format!("{} / {}", row.passed, row.total),
                if row.informational {
                    "not scored".to_owned()
                } else {
                    percent(row.passed, row.total)
                },
            ]
        })
        .collect();
    let header = ["fixture", "passed / total", "%"];
    let mut widths = header.map(str::len);
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let [w0, w1, w2] = widths;
    let mut out = format!(
        "| {:<w0$} | {:>w1$} | {:>w2$} |\n",
        header[0], header[1], header[2]
    );
    out.push_str(&format!(
        "| {} | {}: | {}: |\n",
        "-".repeat(w0),
        "-".repeat(w1 - 1),
        "-".repeat(w2 - 1)
    ));
    for [name, counts, pct] in &cells {
        out.push_str(&format!("| {name:<w0$} | {counts:>w1$} | {pct:>w2$} |\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, passed: u64, total: u64) -> Row {
        Row {
            name: name.to_owned(),
            passed,
            total,
            informational: false,
        }
    }

    #[test]
    fn parses_rows_and_reports_bad_lines() {
        let collected =
            parse_rows("urltestdata.json\t870\t873\n\nbroken line\napi/a b.json\t1\t1\n");
        assert_eq!(
            collected.rows,
            [row("urltestdata.json", 870, 873), row("api/a b.json", 1, 1)]
        );
        assert_eq!(collected.bad, ["broken line"]);
    }

    #[test]
    fn parses_notes_once_and_informational_rows() {
        let collected = parse_rows(
            "#note\tUnicode 17.0\nIdnaTestV2.json (changed)\t0\t2\tinfo\n#note\tUnicode 17.0\n",
        );
        assert_eq!(collected.notes, ["Unicode 17.0"]);
        let info = Row {
            informational: true,
            ..row("IdnaTestV2.json (changed)", 0, 2)
        };
        assert!(info.is_complete());
        assert!(render(std::slice::from_ref(&info)).contains("not scored"));
        assert_eq!(collected.rows, [info]);
    }

    #[test]
    fn mentions_whole_names_only() {
        assert!(mentions("urltestdata.json", "urltestdata"));
        assert!(!mentions("urltestdata-javascript-only.json", "urltestdata"));
        assert!(mentions(
            "urltestdata-javascript-only.json",
            "urltestdata-javascript-only"
        ));
        assert!(!mentions("IdnaTestV2-removed.json", "IdnaTestV2"));
        assert!(mentions(
            "percent-encoding.json (utf-8)",
            "percent-encoding"
        ));
        assert!(mentions("api/urlencoded-parser.json", "urlencoded-parser"));
        assert!(mentions("idnatestv2.json", "IdnaTestV2"));
        assert!(!mentions("xurl-misc.json", "url-misc"));
    }

    #[test]
    fn sorts_in_the_fixed_order() {
        let api = vec![
            "urlencoded-parser".to_owned(),
            "urlsearchparams".to_owned(),
            "url-misc".to_owned(),
        ];
        let mut rows = vec![
            row("zzz other", 1, 1),
            row("api/urlsearchparams.json", 1, 1),
            row("setters_tests.json", 1, 1),
            row("toascii.json (via URL)", 1, 1),
            row("urltestdata-javascript-only.json", 1, 1),
            row("urltestdata.json", 1, 1),
            row("IdnaTestV2-removed.json", 1, 1),
            row("IdnaTestV2.json", 1, 1),
            row("toascii.json", 1, 1),
            row("api/urlencoded-parser.json", 1, 1),
            row("url-misc.json", 1, 1),
            row("aaa other", 1, 1),
            row("percent-encoding.json (utf-8)", 1, 1),
        ];
        sort_rows(&mut rows, &api);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "percent-encoding.json (utf-8)",
                "api/urlencoded-parser.json",
                "toascii.json",
                "IdnaTestV2.json",
                "IdnaTestV2-removed.json",
                "urltestdata.json",
                "urltestdata-javascript-only.json",
                "toascii.json (via URL)",
                "setters_tests.json",
                "url-misc.json",
                "api/urlsearchparams.json",
                "aaa other",
                "zzz other",
            ]
        );
    }

    #[test]
    fn uncovered_files() {
        let files: Vec<String> = [
            "api/urlsearchparams.json",
            "urltestdata-javascript-only.json",
            "urltestdata.json",
        ]
        .map(str::to_owned)
        .to_vec();
        let rows = [row("urltestdata.json", 1, 1)];
        assert_eq!(
            uncovered(&files, &rows),
            [
                "api/urlsearchparams.json",
                "urltestdata-javascript-only.json"
            ]
        );
    }

    #[test]
    fn percentages() {
        assert_eq!(percent(10, 10), "100%");
        assert_eq!(percent(9999, 10000), "99.9%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(0, 5), "0.0%");
        assert_eq!(percent(0, 0), "n/a");
        assert!(!row("x", 0, 0).is_complete());
        assert!(row("x", 2, 2).is_complete());
    }

    #[test]
    fn renders_markdown() {
        let table = render(&[row("a|b.json", 1, 2), row("percent-encoding.json", 10, 10)]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[0],
            "| fixture               | passed / total |     % |"
        );
        assert_eq!(
            lines[1],
            "| --------------------- | -------------: | ----: |"
        );
        assert_eq!(
            lines[2],
            "| a\\|b.json             |          1 / 2 | 50.0% |"
        );
        assert_eq!(
            lines[3],
            "| percent-encoding.json |        10 / 10 |  100% |"
        );
    }
}

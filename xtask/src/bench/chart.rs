//! The benchmark charts (`cargo xtask bench --svg`), one per question, drawn from one run's
//! records. Each bar is one of our rows and its value is the table's own: the ratio column of
//! that row (our time over ada's, measured round by round), for one dataset. Other
//! implementations stay in the tables, so that the axis is ours:
//! - `-parse`: how fast is a parse? Ours / ada by dataset (each bar also says its ns per URL),
//!   on a linear axis whose end is just past our longest bar.
//! - `-workloads`: how does each workload compare with ada? Ours / ada per workload and
//!   dataset, on the same kind of axis; ada's 1 is marked when it falls on the axis.
//! - `-hostile`: what do hostile inputs cost? Ours / ada per shape as diverging bars on a log
//!   scale centred on 1×: faster than ada to the left, slower to the right.
//!
//! Every bar is labelled with its value and at least [`MIN_BAR`] pixels long; each chart's
//! caption names the machine, the date, the commit and the command.

use std::path::{Path, PathBuf};

use super::results::{Record, Run};
use super::svg::{Anchor, Axis, Svg};

const WIDTH: f64 = 960.0;
/// Where bars start (labels are right-aligned before it) and how long the longest may be.
const BAR_X: f64 = 250.0;
const BAR_LENGTH: f64 = 560.0;
const BAR: f64 = 14.0;
/// The shortest bar drawn: a value near the axis' start still shows.
pub const MIN_BAR: f64 = 4.0;
const PALETTE: [&str; 8] = [
    "#1f6feb", "#e8590c", "#6f42c1", "#2da44e", "#0a9396", "#bf3989", "#8c6d1f", "#57606a",
];
const FLOOR_COLOUR: &str = "#b0b7c0";

/// An implementation's name without what the table adds to it: `url-api (ours): base.join(x)`
/// and `url 2.5 (form_urlencoded + sort)` are `url-api (ours)` and `url 2.5`.
pub fn family(name: &str) -> &str {
    let name = name.split(':').next().unwrap_or(name).trim();
    if name.contains("(ours)") {
        return name;
    }
    name.split(" (").next().unwrap_or(name)
}

fn is_ada(record: &Record) -> bool {
    family(&record.implementation).starts_with("ada")
}

fn is_hostile(record: &Record) -> bool {
    record.section.contains("hostile")
}

/// One bar: label, value, colour, the text after it.
struct Bar {
    label: String,
    value: f64,
    colour: String,
    text: String,
}

/// A group of bars under a heading.
struct Group {
    heading: String,
    bars: Vec<Bar>,
}

/// Colours by implementation family, in order of first appearance (the floor in grey), the
/// same in every chart of a run.
struct Colours(Vec<String>);

impl Colours {
    fn of(&mut self, family: &str) -> String {
        if family == "floor" {
            return FLOOR_COLOUR.to_owned();
        }
        let at = match self.0.iter().position(|f| f == family) {
            Some(at) => at,
            None => {
                self.0.push(family.to_owned());
                self.0.len() - 1
            }
        };
        PALETTE[at % PALETTE.len()].to_owned()
    }
}

/// Order-preserving distinct values.
fn distinct<'a>(values: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for v in values {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// `parse` by dataset: each of our rows as the table gives it, its ratio to ada (and its ns per
/// URL in the label). The generated sets are the workloads chart's.
fn parse_groups(run: &Run, colours: &mut Colours) -> Vec<Group> {
    let parse: Vec<&Record> = run
        .records
        .iter()
        .filter(|r| r.table == "parse" && !r.section.starts_with("generated"))
        .filter(|r| r.ours && r.ratio.is_some())
        .collect();
    distinct(parse.iter().map(|r| r.section.as_str()))
        .into_iter()
        .map(|section| Group {
            heading: section.to_owned(),
            bars: parse
                .iter()
                .filter(|r| r.section == section)
                .map(|r| {
                    let value = r.ratio.unwrap_or(f64::NAN);
                    Bar {
                        label: r.implementation.clone(),
                        value,
                        colour: colours.of(family(&r.implementation)),
                        text: format!("{} ({:.1} ns)", ratio_text(value), r.median),
                    }
                })
                .collect(),
        })
        .collect()
}

/// Every table with an ada row but `parse` on the datasets (the parse chart's), hostile shapes
/// or not: one bar per row of ours and dataset, its ratio to ada as the table gives it.
fn ratio_groups(run: &Run, colours: &mut Colours, hostile: bool) -> Vec<Group> {
    let key = |r: &Record| {
        if r.section.starts_with("generated") && !is_hostile(r) {
            format!("{}, {}", r.table, r.section)
        } else {
            r.table.clone()
        }
    };
    let with_ada: Vec<(&str, &str)> = run
        .records
        .iter()
        .filter(|r| is_ada(r) && r.ratio.is_some())
        .map(|r| (r.section.as_str(), r.table.as_str()))
        .collect();
    let rows: Vec<&Record> = run
        .records
        .iter()
        .filter(|r| is_hostile(r) == hostile)
        .filter(|r| r.table != "parse" || r.section.starts_with("generated"))
        .filter(|r| with_ada.contains(&(r.section.as_str(), r.table.as_str())))
        .filter(|r| r.ours && r.ratio.is_some())
        .collect();
    let keys: Vec<String> = rows.iter().map(|r| key(r)).collect();
    distinct(keys.iter().map(String::as_str))
        .into_iter()
        .map(|k| {
            let in_group: Vec<&&Record> = rows.iter().filter(|r| key(r) == k).collect();
            let families = distinct(in_group.iter().map(|r| family(&r.implementation))).len();
            let heading = k.strip_prefix("parse, hostile: ").unwrap_or(k).to_owned();
            let bars = in_group
                .iter()
                .map(|r| {
                    let value = r.ratio.unwrap_or(f64::NAN);
                    let dataset = r.section.strip_suffix(".txt").unwrap_or(&r.section);
                    let label = match (families > 1, r.section.starts_with("generated")) {
                        (true, true) => family(&r.implementation).to_owned(),
                        (true, false) => format!("{}: {dataset}", family(&r.implementation)),
                        (false, true) => r.implementation.clone(),
                        (false, false) => dataset.to_owned(),
                    };
                    Bar {
                        label,
                        value,
                        colour: colours.of(family(&r.implementation)),
                        text: ratio_text(value),
                    }
                })
                .collect();
            Group { heading, bars }
        })
        .collect()
}

/// A ratio as the bar's label: two decimals below 10, one up to 100, none above.
fn ratio_text(value: f64) -> String {
    if value < 10.0 {
        format!("{value:.2}×")
    } else if value < 100.0 {
        format!("{value:.1}×")
    } else {
        format!("{value:.0}×")
    }
}

/// The values of the bars of `groups` that can be drawn.
fn values(groups: &[Group]) -> impl Iterator<Item = f64> + '_ {
    groups
        .iter()
        .flat_map(|g| &g.bars)
        .map(|b| b.value)
        .filter(|v| v.is_finite() && *v > 0.0)
}

/// The caption at `y`: the machine, the date, the commit, the command, and what a bar is.
fn caption(svg: &mut Svg, run: &Run, y: f64, bar: &str) {
    let m = &run.machine;
    let machine = format!(
        "{} ({} cores), {} UTC, commit {}",
        m.cpu, m.cores, m.date, m.commit
    );
    svg.text((20.0, y), 11.0, Anchor::Start, false, &machine);
    let how = format!(
        "cargo xtask bench {}: {bar} (medians over rounds of our time over ada's).",
        run.args.join(" ")
    );
    svg.text((20.0, y + 16.0), 11.0, Anchor::Start, false, &how);
}

/// A chart: title, axis ticks, the groups of bars, the caption. `mark`: a dashed line at that
/// value (ada's 1).
fn chart(run: &Run, title: &str, groups: &[Group], axis: &Axis, mark: Option<f64>) -> String {
    let bars: usize = groups.iter().map(|g| g.bars.len()).sum();
    let height = 150.0 + bars as f64 * (BAR + 4.0) + groups.len() as f64 * 22.0;
    let mut svg = Svg::new(WIDTH, height);
    let mut y = 28.0;
    svg.text((20.0, y), 16.0, Anchor::Start, true, title);
    y += 26.0;
    for (tick, label) in axis.ticks() {
        let x = BAR_X + axis.px(tick);
        svg.text((x, y), 10.0, Anchor::Middle, false, &label);
    }
    y += 8.0;
    for group in groups {
        y += 16.0;
        // On its own line from the left edge: a workload's name may run over the bars' area.
        svg.text((20.0, y), 12.0, Anchor::Start, true, &group.heading);
        y += 6.0;
        let first = y - 2.0;
        let last = first + group.bars.len() as f64 * (BAR + 4.0);
        // The axis beside the bars only, not across the headings.
        svg.line((BAR_X, first), (BAR_X, last), "#57606a", false);
        let mut labels = Vec::new();
        for bar in &group.bars {
            svg.text(
                (BAR_X - 8.0, y + BAR - 3.0),
                11.0,
                Anchor::End,
                false,
                &bar.label,
            );
            let (length, text) = if bar.value.is_finite() && bar.value > 0.0 {
                (axis.px(bar.value).max(MIN_BAR), bar.text.as_str())
            } else {
                (0.0, "n/a")
            };
            svg.rect(BAR_X, y, length, BAR, &bar.colour);
            labels.push((BAR_X + length, y, text));
            y += BAR + 4.0;
        }
        // The mark over the bars, under their values (when it falls on the axis).
        if let Some(mark) = mark.filter(|&m| axis.px(m) < BAR_LENGTH) {
            let x = BAR_X + axis.px(mark);
            svg.line((x, first), (x, last), "#e8590c", true);
        }
        for (end, top, text) in labels {
            // A white ground under the value, so that the mark never crosses it.
            let width = 6.5 * text.chars().count() as f64 + 4.0;
            svg.rect(end + 2.0, top, width, BAR, "white");
            svg.text(
                (end + 4.0, top + BAR - 3.0),
                11.0,
                Anchor::Start,
                false,
                text,
            );
        }
    }
    y += 24.0;
    caption(&mut svg, run, y, "each bar is its table's ratio column");
    svg.finish()
}

/// The hostile shapes' chart: one row per shape and row of ours, a bar from 1× (the centre) to
/// the ratio on a log scale, left when faster than ada and right when slower, its value on the
/// other side of the centre.
fn diverging(run: &Run, title: &str, groups: &[Group]) -> String {
    let rows: Vec<(String, &Bar)> = groups
        .iter()
        .flat_map(|g| {
            let one = g.bars.len() == 1;
            g.bars.iter().map(move |b| {
                let label = if one {
                    g.heading.clone()
                } else {
                    format!("{}, {}", g.heading, b.label)
                };
                (label, b)
            })
        })
        .collect();
    // Whole decades each side, as many as the farthest bar needs.
    let decades = values(groups)
        .map(|v| v.log10().abs().ceil() as i32)
        .max()
        .unwrap_or(1)
        .max(1);
    let half = BAR_LENGTH / 2.0;
    let centre = BAR_X + half;
    let px = |v: f64| {
        centre
            + v.log10().clamp(-f64::from(decades), f64::from(decades)) / f64::from(decades) * half
    };
    let height = 170.0 + rows.len() as f64 * (BAR + 6.0);
    let mut svg = Svg::new(WIDTH, height);
    let mut y = 28.0;
    svg.text((20.0, y), 16.0, Anchor::Start, true, title);
    y += 24.0;
    svg.text(
        (centre - 8.0, y),
        11.0,
        Anchor::End,
        true,
        "← faster than ada",
    );
    svg.text(
        (centre + 8.0, y),
        11.0,
        Anchor::Start,
        true,
        "slower than ada →",
    );
    y += 18.0;
    for e in -decades..=decades {
        let label = if e < 0 {
            format!("0.{}1×", "0".repeat((-e - 1) as usize))
        } else {
            format!("1{}×", "0".repeat(e as usize))
        };
        svg.text((px(10f64.powi(e)), y), 10.0, Anchor::Middle, false, &label);
    }
    y += 10.0;
    let top = y;
    for (label, bar) in &rows {
        svg.text(
            (BAR_X - 8.0, y + BAR - 3.0),
            11.0,
            Anchor::End,
            false,
            label,
        );
        if bar.value.is_finite() && bar.value > 0.0 {
            let end = px(bar.value);
            let (x, width) = if end < centre {
                (end.min(centre - MIN_BAR), (centre - end).max(MIN_BAR))
            } else {
                (centre, (end - centre).max(MIN_BAR))
            };
            svg.rect(x, y, width, BAR, &bar.colour);
            let faster = bar.value < 1.0;
            let (at, anchor) = if faster {
                (centre + 4.0, Anchor::Start)
            } else {
                (centre - 4.0, Anchor::End)
            };
            svg.text((at, y + BAR - 3.0), 11.0, anchor, false, &bar.text);
        } else {
            svg.text(
                (centre + 4.0, y + BAR - 3.0),
                11.0,
                Anchor::Start,
                false,
                "n/a",
            );
        }
        y += BAR + 6.0;
    }
    svg.line((centre, top - 2.0), (centre, y), "#57606a", false);
    y += 20.0;
    caption(
        &mut svg,
        run,
        y,
        "each bar is the ratio column of its shape's table",
    );
    svg.finish()
}

/// A linear ratio axis whose end is just past the longest bar of `groups`, so that our bars
/// take most of its width.
fn ratio_axis(groups: &[Group]) -> Axis {
    Axis::linear(values(groups).fold(0.0, f64::max), BAR_LENGTH, "×")
}

/// The charts of `run`: `(name, SVG)` for each that has bars (`parse`, `workloads`,
/// `hostile`).
pub fn draw(run: &Run) -> Vec<(&'static str, String)> {
    let mut colours = Colours(Vec::new());
    let parse = parse_groups(run, &mut colours);
    let workloads = ratio_groups(run, &mut colours, false);
    let hostile = ratio_groups(run, &mut colours, true);
    let mut out = Vec::new();
    if !parse.is_empty() {
        let title = "parse: our time as a ratio to ada's, by dataset (shorter is faster; ada = 1×)";
        out.push((
            "parse",
            chart(run, title, &parse, &ratio_axis(&parse), Some(1.0)),
        ));
    }
    if !workloads.is_empty() {
        let title =
            "Workloads: our time as a ratio to ada's, by dataset (shorter is faster; ada = 1×)";
        let axis = ratio_axis(&workloads);
        out.push(("workloads", chart(run, title, &workloads, &axis, Some(1.0))));
    }
    if !hostile.is_empty() {
        let title =
            "Hostile inputs of about 1 MB: our time as a ratio to ada's, log scale centred on 1×";
        out.push(("hostile", diverging(run, title, &hostile)));
    }
    out
}

/// Where each chart goes: `docs/bench.svg` names `docs/bench-parse.svg`,
/// `docs/bench-workloads.svg` and `docs/bench-hostile.svg`.
pub fn files(run: &Run, path: &Path) -> Vec<(PathBuf, String)> {
    let stem = path
        .file_stem()
        .map_or("bench".into(), |s| s.to_string_lossy().into_owned());
    draw(run)
        .into_iter()
        .map(|(name, svg)| (path.with_file_name(format!("{stem}-{name}.svg")), svg))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::results::{Machine, parse_markdown};
    use super::*;

    /// A run shaped like `cargo xtask bench`'s output: two datasets, a generated set, two hostile
    /// shapes (one far slower than ada), a table without ada.
    fn run() -> Run {
        let text = "\
### /d/a.txt (1 URLs)
#### parse (1 URLs)
| implementation | median ns/URL | MB/s | ratio to ada |
|---|---:|---:|---:|
| url-api (ours) | 50.0 | 1 | 0.50 |
| ada-url 4 | 100.0 | 1 | 1.00 |
| floor (allocate + copy) | 2.0 | 1 | 0.02 |
#### setters (1 inputs)
| implementation | median ns/op | ratio | failures |
|---|---:|---:|---:|
| url-api (ours) | 50.0 | 0.40 | 0 |
| ada-url 4 | 100.0 | 1.00 | 0 |
#### parse_with_validation against parse (1 inputs)
| implementation | median ns/op | ratio | failures |
|---|---:|---:|---:|
| url-api (ours): parse | 50.0 | 1.00 | 0 |
| url-api (ours): parse_with_validation | 60.0 | 1.20 | 0 |
### /d/b.txt (1 URLs)
#### setters (1 inputs)
| implementation | median ns/op | ratio | failures |
|---|---:|---:|---:|
| url-api (ours): x | 50.0 | 0.60 | 0 |
| ada-url 4 | 100.0 | 1.00 | 0 |
| url 2.5 (form) | 100.0 | 2.00 | 0 |
### generated: long URLs (1-8 KB; 1,000 URLs)
#### parse (1000 URLs)
| implementation | median ns/URL | MB/s | ratio to ada |
|---|---:|---:|---:|
| url-api (ours) | 50.0 | 1 | 0.23 |
| ada-url 4 | 100.0 | 1 | 1.00 |
### generated: hostile shapes (one URL of about 1 MB each)
#### parse, hostile: idna (1 URLs)
| implementation | median ns/URL | MB/s | ratio to ada |
|---|---:|---:|---:|
| url-api (ours) | 6000000.0 | 1 | 22.00 |
| ada-url 4 | 270000.0 | 1 | 1.00 |
#### parse, hostile: long-host (1 URLs)
| implementation | median ns/URL | MB/s | ratio to ada |
|---|---:|---:|---:|
| url-api (ours) | 7000.0 | 1 | 0.07 |
| ada-url 4 | 100000.0 | 1 | 1.00 |
";
        Run {
            machine: Machine {
                cpu: "CPU <&>".into(),
                cores: 2,
                date: "2026-11-25 22:00".into(),
                commit: "abc".into(),
            },
            args: vec!["--quick".into()],
            records: parse_markdown(text),
        }
    }

    #[test]
    fn families() {
        assert_eq!(family("url-api (ours): base.join(input)"), "url-api (ours)");
        assert_eq!(family("url 2.5 (form_urlencoded + sort)"), "url 2.5");
        assert_eq!(family("floor (allocate + copy)"), "floor");
        assert_eq!(family("ada-url 4"), "ada-url 4");
    }

    #[test]
    fn one_chart_per_question() {
        let run = run();
        let mut colours = Colours(Vec::new());
        let parse = parse_groups(&run, &mut colours);
        // Ours only, the table's ratio column, its ns per URL in the label.
        assert_eq!(parse.len(), 1);
        assert_eq!(parse[0].heading, "a.txt");
        assert_eq!(parse[0].bars.len(), 1);
        assert_eq!(parse[0].bars[0].value, 0.5);
        assert_eq!(parse[0].bars[0].text, "0.50× (50.0 ns)");
        let workloads = ratio_groups(&run, &mut colours, false);
        // The validation table has no ada row; parse on the datasets is the parse chart's; the
        // hostile shapes have a chart of their own.
        let headings: Vec<&str> = workloads.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(headings, ["setters", "parse, generated: long URLs"]);
        // One bar per dataset, each the table's value; rust-url stays in the table.
        let setters = &workloads[0].bars;
        let bars: Vec<(&str, f64, &str)> = setters
            .iter()
            .map(|b| (b.label.as_str(), b.value, b.text.as_str()))
            .collect();
        assert_eq!(bars, [("a", 0.4, "0.40×"), ("b", 0.6, "0.60×")]);
        // The same family keeps its colour across charts.
        assert_eq!(setters[0].colour, parse[0].bars[0].colour);
        let hostile = ratio_groups(&run, &mut colours, true);
        let shapes: Vec<&str> = hostile.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(shapes, ["idna", "long-host"]);
        assert_eq!(hostile[0].bars[0].text, "22.0×");
    }

    /// The width of each bar (`<rect … height="14.0"`) of a chart, white grounds left out.
    fn bar_widths(chart: &str) -> Vec<f64> {
        chart
            .split("<rect")
            .skip(2)
            .filter(|r| !r.contains("fill=\"white\"") && r.contains(r#"height="14.0""#))
            .map(|rect| {
                rect.split("width=\"")
                    .nth(1)
                    .and_then(|w| w.split('"').next())
                    .and_then(|w| w.parse().ok())
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn bars_to_scale_labelled_and_visible() {
        let charts = draw(&run());
        let names: Vec<&str> = charts.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["parse", "workloads", "hostile"]);
        let (parse, workloads, hostile) = (&charts[0].1, &charts[1].1, &charts[2].1);
        for chart in [parse, workloads, hostile] {
            assert!(
                chart.contains("CPU &lt;&amp;&gt; (2 cores), 2026-11-25 22:00 UTC, commit abc")
            );
            assert!(chart.ends_with("</svg>\n"));
            let widths = bar_widths(chart);
            assert!(!widths.is_empty());
            // Every bar has its value beside it, and none is shorter than MIN_BAR.
            assert!(chart.matches("×</text>").count() >= widths.len());
            assert!(widths.iter().all(|&w| w >= MIN_BAR), "{widths:?}");
        }
        // Our longest bar takes most of the axis: 0.5 of a 0-0.5 axis is its whole length.
        assert!(parse.contains(r#"width="560.0" height="14.0""#));
        assert!(parse.contains(">0.50× (50.0 ns)</text>"));
        // Workloads: 0.6 on a 0-0.6 axis; 0.4 at two thirds of it; ada's 1 is off the axis.
        let expected = [560.0 * 0.4 / 0.6, 560.0, 560.0 * 0.23 / 0.6];
        let widths = bar_widths(workloads);
        assert!(
            widths
                .iter()
                .zip(expected)
                .all(|(w, e)| (w - e).abs() < 0.1),
            "{widths:?}"
        );
        assert!(!workloads.contains("stroke-dasharray"));
        assert!(workloads.contains(">0.60×</text>"));
        // Hostile: 1× in the middle, two decades each side (22× needs two): 22× to the right,
        // 0.07× to the left, each labelled.
        assert!(hostile.contains(">22.0×</text>") && hostile.contains(">0.07×</text>"));
        assert!(hostile.contains(">0.01×</text>") && hostile.contains(">100×</text>"));
        assert!(hostile.contains("faster than ada") && hostile.contains("slower than ada"));
        let centre = BAR_X + BAR_LENGTH / 2.0;
        assert!(hostile.contains(&format!(r#"<rect x="{centre:.1}""#)));
        let right = 22f64.log10() / 2.0 * BAR_LENGTH / 2.0;
        let left = -(0.07f64.log10()) / 2.0 * BAR_LENGTH / 2.0;
        let widths = bar_widths(hostile);
        assert!(
            (widths[0] - right).abs() < 0.1 && (widths[1] - left).abs() < 0.1,
            "{widths:?}"
        );
    }

    #[test]
    fn charts_go_beside_the_path() {
        let files = files(&run(), Path::new("docs/bench.svg"));
        let paths: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
        assert_eq!(
            paths,
            [
                "docs/bench-parse.svg",
                "docs/bench-workloads.svg",
                "docs/bench-hostile.svg"
            ]
        );
    }
}

//! The benchmark chart (`cargo xtask bench --svg`): horizontal bars drawn from one run's
//! records. Top: median ns per URL of `parse`, by dataset and implementation. Below: every table
//! that has an ada row, each implementation's ratio to ada (the median over the datasets of the
//! table's round-by-round ratio). The caption names the machine, the date and the commit.

use super::results::{Record, Run, median};
use super::svg::{Anchor, Scale, Svg};

const WIDTH: f64 = 960.0;
/// Where bars start (labels are right-aligned before it) and how long the longest may be.
const BAR_X: f64 = 250.0;
const BAR_LENGTH: f64 = 560.0;
const BAR: f64 = 14.0;
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

fn is_floor(record: &Record) -> bool {
    family(&record.implementation) == "floor"
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

/// Colours by implementation family, in order of first appearance (the floor in grey).
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

/// `parse` by dataset, in ns per URL (the generated sets are left to the ratios).
fn parse_groups(run: &Run, colours: &mut Colours) -> Vec<Group> {
    let parse: Vec<&Record> = run
        .records
        .iter()
        .filter(|r| r.table == "parse" && !r.section.starts_with("generated"))
        .collect();
    distinct(parse.iter().map(|r| r.section.as_str()))
        .into_iter()
        .map(|section| Group {
            heading: section.to_owned(),
            bars: parse
                .iter()
                .filter(|r| r.section == section)
                .map(|r| Bar {
                    label: r.implementation.clone(),
                    value: r.median,
                    colour: colours.of(family(&r.implementation)),
                    text: format!("{:.1} ns", r.median),
                })
                .collect(),
        })
        .collect()
}

/// Every table with an ada row: each other implementation's ratio to ada, the median over the
/// datasets (a generated set is its own group).
fn ratio_groups(run: &Run, colours: &mut Colours) -> Vec<Group> {
    let key = |r: &Record| {
        if r.section.starts_with("generated") {
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
        .filter(|r| with_ada.contains(&(r.section.as_str(), r.table.as_str())))
        .filter(|r| !is_ada(r) && !is_floor(r) && r.ratio.is_some())
        .collect();
    let keys: Vec<String> = rows.iter().map(|r| key(r)).collect();
    distinct(keys.iter().map(String::as_str))
        .into_iter()
        .map(|k| {
            let in_group: Vec<&&Record> = rows.iter().filter(|r| key(r) == k).collect();
            let sections = distinct(in_group.iter().map(|r| r.section.as_str())).len();
            let families = distinct(in_group.iter().map(|r| family(&r.implementation)));
            let heading = if sections > 1 {
                format!("{k} (median of {sections} datasets)")
            } else {
                k.to_owned()
            };
            let bars = families
                .into_iter()
                .map(|f| {
                    let ratios = in_group
                        .iter()
                        .filter(|r| family(&r.implementation) == f)
                        .filter_map(|r| r.ratio);
                    let value = median(ratios.collect());
                    Bar {
                        label: f.to_owned(),
                        value,
                        colour: colours.of(f),
                        text: format!("{value:.2}"),
                    }
                })
                .collect();
            Group { heading, bars }
        })
        .collect()
}

/// A panel: its title, the axis ticks, then the groups; returns the y after it.
fn panel(
    svg: &mut Svg,
    mut y: f64,
    title: &str,
    groups: &[Group],
    unit: &str,
    mark: Option<f64>,
) -> f64 {
    let max = groups
        .iter()
        .flat_map(|g| &g.bars)
        .map(|b| b.value)
        .filter(|v| v.is_finite())
        .fold(mark.unwrap_or(0.0), f64::max);
    let scale = Scale::new(max, BAR_LENGTH);
    svg.text((20.0, y), 16.0, Anchor::Start, true, title);
    y += 24.0;
    for tick in scale.ticks() {
        let x = BAR_X + scale.px(tick);
        let label = if scale.step < 1.0 {
            format!("{tick:.1}")
        } else {
            format!("{tick:.0}")
        };
        svg.text((x, y), 10.0, Anchor::Middle, false, &label);
    }
    svg.text(
        (BAR_X + BAR_LENGTH + 30.0, y),
        10.0,
        Anchor::Start,
        false,
        unit,
    );
    y += 8.0;
    for group in groups {
        y += 16.0;
        // On its own line from the left edge: a workload's name may run over the bars' area.
        svg.text((20.0, y), 12.0, Anchor::Start, true, &group.heading);
        y += 6.0;
        let first = y - 2.0;
        for bar in &group.bars {
            svg.text(
                (BAR_X - 8.0, y + BAR - 3.0),
                11.0,
                Anchor::End,
                false,
                &bar.label,
            );
            svg.rect(BAR_X, y, scale.px(bar.value), BAR, &bar.colour);
            let end = BAR_X + scale.px(bar.value) + 4.0;
            svg.text((end, y + BAR - 3.0), 11.0, Anchor::Start, false, &bar.text);
            y += BAR + 4.0;
        }
        // The axis and the mark beside the bars only, not across the headings.
        svg.line((BAR_X, first), (BAR_X, y - 2.0), "#57606a", false);
        if let Some(mark) = mark {
            let x = BAR_X + scale.px(mark);
            svg.line((x, first), (x, y - 2.0), "#e8590c", true);
        }
    }
    y + 24.0
}

/// The chart of `run`.
pub fn draw(run: &Run) -> String {
    let mut colours = Colours(Vec::new());
    let parse = parse_groups(run, &mut colours);
    let ratios = ratio_groups(run, &mut colours);
    let bars: usize = parse.iter().chain(&ratios).map(|g| g.bars.len()).sum();
    let groups = parse.len() + ratios.len();
    let height = 200.0 + bars as f64 * (BAR + 4.0) + groups as f64 * 22.0;
    let mut svg = Svg::new(WIDTH, height);
    let mut y = 30.0;
    svg.text((20.0, y), 20.0, Anchor::Start, true, "cargo xtask bench");
    y += 34.0;
    if !parse.is_empty() {
        let title = "parse: median ns per URL, by dataset (shorter is faster)";
        y = panel(&mut svg, y, title, &parse, "ns/URL", None);
    }
    if !ratios.is_empty() {
        let title = "Workloads: time as a ratio to ada (dashed line: ada = 1; below is faster)";
        y = panel(&mut svg, y, title, &ratios, "x ada", Some(1.0));
    }
    let m = &run.machine;
    let caption = format!(
        "{} ({} cores), {} UTC, commit {}",
        m.cpu, m.cores, m.date, m.commit
    );
    svg.text((20.0, y), 11.0, Anchor::Start, false, &caption);
    let how = format!(
        "cargo xtask bench {}: medians of interleaved rounds; ratios are medians over rounds of the time ratio to ada.",
        run.args.join(" ")
    );
    svg.text((20.0, y + 16.0), 11.0, Anchor::Start, false, &how);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::super::results::{Machine, parse_markdown};
    use super::*;

    fn run() -> Run {
        let text = "\
### /d/a.txt (1 URLs)
#### parse (1 URLs)
| implementation | median ns/URL | MB/s | ratio to ada |
|---|---:|---:|---:|
| url-api (ours) | 50.0 | 1 | 0.50 |
| ada-url 4 | 100.0 | 1 | 1.00 |
| floor (allocate + copy) | 10.0 | 1 | 0.10 |
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
    fn groups_and_ratios() {
        let run = run();
        let mut colours = Colours(Vec::new());
        let parse = parse_groups(&run, &mut colours);
        assert_eq!(parse.len(), 1);
        assert_eq!(parse[0].heading, "a.txt");
        assert_eq!(parse[0].bars.len(), 3);
        assert_eq!(parse[0].bars[2].colour, FLOOR_COLOUR);
        let ratios = ratio_groups(&run, &mut colours);
        // The validation table has no ada row: not drawn as a ratio to ada.
        let headings: Vec<&str> = ratios.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(headings, ["parse", "setters (median of 2 datasets)"]);
        let setters = &ratios[1].bars;
        assert_eq!(setters[0].label, "url-api (ours)");
        assert_eq!(setters[0].value, 0.5);
        assert_eq!(setters[1].value, 2.0);
        // The same family keeps its colour across panels.
        assert_eq!(setters[0].colour, parse[0].bars[0].colour);
    }

    #[test]
    fn draws_bars_to_scale_with_caption() {
        let doc = draw(&run());
        assert!(doc.contains("CPU &lt;&amp;&gt; (2 cores), 2026-11-25 22:00 UTC, commit abc"));
        // 50 ns of a 100 ns axis over 560 px; the ratio 0.5 of a 2.0 axis.
        assert!(doc.contains(r#"width="280.0" height="14.0""#));
        assert!(doc.contains(r#"width="140.0" height="14.0""#));
        assert!(doc.contains(">50.0 ns</text>"));
        assert!(doc.ends_with("</svg>\n"));
    }
}

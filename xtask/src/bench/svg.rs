//! A plain SVG writer: rectangles, lines and text in absolute coordinates, the text escaped;
//! and the scale of a bar chart's axis. Enough for the benchmark chart, nothing more.

use std::fmt::Write as _;

/// Text as SVG character data or an attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newline are not allowed in XML 1.0.
            c if c < ' ' && c != '\t' && c != '\n' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Where text is anchored on its x coordinate.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// An SVG document being drawn.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
            width.max(0.0),
            height.max(0.0),
            escape(fill)
        );
    }

    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, dashed: bool) {
        let dash = if dashed {
            r#" stroke-dasharray="4 3""#
        } else {
            ""
        };
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}"{dash}/>"#,
            from.0,
            from.1,
            to.0,
            to.1,
            escape(stroke)
        );
    }

    /// Text at `(x, y)` (the baseline), `size` pixels, bold when `bold`.
    pub fn text(&mut self, at: (f64, f64), size: f64, anchor: Anchor, bold: bool, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.body,
            r#"<text x="{:.1}" y="{:.1}" font-size="{size}" text-anchor="{anchor}"{weight}>{}</text>"#,
            at.0,
            at.1,
            escape(text)
        );
    }

    /// The document: white background, sans-serif text.
    pub fn finish(self) -> String {
        format!(
            concat!(
                r#"<?xml version="1.0" encoding="UTF-8"?>"#,
                "\n",
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">"#,
                "\n",
                r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#,
                "\n{body}</svg>\n"
            ),
            w = self.width,
            h = self.height,
            body = self.body
        )
    }
}

/// A linear axis from 0 to a round maximum (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of
/// ten) at least `max`, in three to six round steps, mapped onto `length` pixels: the longest
/// bar fills most of the axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    pub max: f64,
    pub step: f64,
    length: f64,
}

impl Scale {
    pub fn new(max: f64, length: f64) -> Scale {
        let max = if max.is_finite() && max > 0.0 {
            max
        } else {
            1.0
        };
        let magnitude = 10f64.powf(max.log10().floor());
        let top = [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
            .into_iter()
            .map(|m| m * magnitude)
            .find(|&top| top >= max * (1.0 - 1e-9))
            .unwrap_or(10.0 * magnitude);
        let step = [0.2, 0.25, 0.5, 1.0, 2.0]
            .into_iter()
            .map(|s| s * magnitude)
            .find(|&step| {
                let steps = top / step;
                steps <= 6.0 + 1e-9 && (steps - steps.round()).abs() < 1e-9
            })
            .unwrap_or(top / 5.0);
        Scale {
            max: top,
            step,
            length,
        }
    }

    /// Pixels for `value` (clamped to the axis).
    pub fn px(&self, value: f64) -> f64 {
        (value.clamp(0.0, self.max) / self.max) * self.length
    }

    /// The tick values, 0 included.
    pub fn ticks(&self) -> Vec<f64> {
        let n = (self.max / self.step).round() as usize;
        (0..=n).map(|i| i as f64 * self.step).collect()
    }
}

/// A bar chart's value axis: linear from 0 ([`Scale`]). (The hostile shapes' log scale centred
/// on 1× is drawn by `chart::diverging`.)
#[derive(Debug, Clone, PartialEq)]
pub enum Axis {
    Linear { scale: Scale, unit: &'static str },
}

impl Axis {
    /// A linear axis up to a round value at least `max`; tick labels end in `unit`.
    pub fn linear(max: f64, length: f64, unit: &'static str) -> Axis {
        Axis::Linear {
            scale: Scale::new(max, length),
            unit,
        }
    }

    /// Pixels from the axis' start for `value` (clamped to the axis).
    pub fn px(&self, value: f64) -> f64 {
        match self {
            Axis::Linear { scale, .. } => scale.px(value),
        }
    }

    /// The ticks: value and label.
    pub fn ticks(&self) -> Vec<(f64, String)> {
        match self {
            Axis::Linear { scale, unit } => scale
                .ticks()
                .into_iter()
                .map(|t| {
                    let digits = format!("{t:.2}");
                    let digits = digits.trim_end_matches('0').trim_end_matches('.');
                    (t, format!("{digits}{unit}"))
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(
            escape(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;"
        );
        assert_eq!(escape("a\u{1}b"), "a\u{FFFD}b");
        let mut svg = Svg::new(10.0, 10.0);
        svg.text((0.0, 0.0), 12.0, Anchor::Start, false, "x < y & z");
        let doc = svg.finish();
        assert!(doc.contains(">x &lt; y &amp; z</text>"));
    }

    #[test]
    fn document_is_well_formed() {
        let mut svg = Svg::new(100.0, 50.0);
        svg.rect(1.0, 2.0, 30.0, -4.0, "#123456");
        svg.line((0.0, 0.0), (10.0, 10.0), "black", true);
        svg.text((5.0, 5.0), 10.0, Anchor::Middle, true, "label");
        let doc = svg.finish();
        assert!(doc.starts_with("<?xml"));
        assert!(doc.ends_with("</svg>\n"));
        assert!(
            doc.contains(r#"height="0.0""#),
            "negative sizes are clamped"
        );
        // Every element opened is closed: self-closing, or a matching end tag.
        let opened = doc.matches("<text").count();
        assert_eq!(opened, doc.matches("</text>").count());
        assert_eq!(doc.matches("<svg").count(), doc.matches("</svg>").count());
        for tag in doc.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let quotes = tag.matches('"').count();
            assert_eq!(quotes % 2, 0, "unbalanced quotes in <{tag}>");
        }
    }

    #[test]
    fn scales_to_round_maxima() {
        let s = Scale::new(91.0, 500.0);
        assert_eq!((s.max, s.step), (100.0, 20.0));
        assert_eq!(s.ticks().len(), 6);
        assert_eq!(s.px(50.0), 250.0);
        let s = Scale::new(289.8, 500.0);
        assert_eq!((s.max, s.step), (300.0, 50.0));
        let s = Scale::new(5.18, 500.0);
        assert_eq!((s.max, s.step), (6.0, 1.0));
        let s = Scale::new(1.2, 500.0);
        assert_eq!((s.max, s.step), (1.5, 0.25));
        assert_eq!(s.px(1e9), 500.0);
        assert_eq!(s.px(-1.0), 0.0);
        let s = Scale::new(1.7, 100.0);
        assert_eq!((s.max, s.step), (2.0, 0.5));
        assert_eq!(s.ticks(), vec![0.0, 0.5, 1.0, 1.5, 2.0]);
        assert_eq!(Scale::new(5.0, 1.0).max, 5.0);
        assert_eq!(Scale::new(0.0, 1.0).max, 1.0);
        assert_eq!(Scale::new(f64::NAN, 1.0).max, 1.0);
    }

    #[test]
    fn axes_label_their_ticks() {
        let linear = Axis::linear(1.7, 100.0, "×");
        let labels: Vec<String> = linear.ticks().into_iter().map(|(_, l)| l).collect();
        assert_eq!(labels, ["0×", "0.5×", "1×", "1.5×", "2×"]);
    }
}

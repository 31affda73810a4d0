//! Generated requests: the fixtures' inputs and the dataset URLs, each mutated a few times with
//! the pieces URL parsers disagree on (the fuzz corpus's seeds, mutated as libFuzzer's
//! dictionary would, but deterministically from `--seed`).

use std::path::{Path, PathBuf};

use whatwg_url::Component;

use super::protocol::Request;

/// Pieces inserted at random places: each names a rule of the standard that parsers get wrong.
const PIECES: &[&str] = &[
    "\t",
    "\n",
    "\r",
    " ",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "\\",
    "/",
    "//",
    "///",
    "\\\\",
    ":",
    "::",
    "@",
    ":@",
    "[",
    "]",
    "[::1]",
    "[::ffff:1.2.3.4]",
    "[1:0::]",
    "%",
    "%2e",
    "%2E.",
    "%00",
    "%41",
    "%ff",
    "%zz",
    ".",
    "..",
    "/./",
    "/../",
    "#",
    "?",
    "|",
    "C:",
    "c|",
    "/C:/",
    "0x",
    "0X7f",
    "0",
    "00",
    "1.2.3.4",
    "1.2.3",
    "0x1.0377.1",
    "255.255.255.256",
    "4294967295",
    "4294967296",
    "09",
    ".0",
    "xn--",
    "xn--ls8h",
    "XN--",
    "ß",
    "é",
    "Ａ",
    "。",
    "．",
    "\u{ad}",
    "\u{200d}",
    "\u{fffd}",
    "\u{feff}",
    "ı",
    "ﬀ",
    "\u{1f4a9}",
    "file:",
    "http:",
    "https:",
    "ws:",
    "blob:",
    "data:",
    "javascript:",
    "foo:",
    "a+b-c.d:",
    "8080",
    ":65535",
    ":65536",
    ":0",
    ":08",
    "^",
    "{",
    "}",
    "`",
    "'",
    "\"",
    "<",
    ">",
    "&",
    "=",
    "+",
    "*",
    "~",
];

/// A deterministic generator (xorshift64: Marsaglia, "Xorshift RNGs", 2003).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // Any state but zero; the multiplier spreads small seeds over the bits.
        Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The datasets directory: `dir`, else `$URL_DATASETS_DIR`, else the first `fixtures/datasets`
/// at or above the working directory; `None` when there is none.
pub fn datasets_dir(dir: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = dir {
        return Some(dir.to_path_buf());
    }
    if let Some(dir) = std::env::var_os("URL_DATASETS_DIR") {
        return Some(PathBuf::from(dir));
    }
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .map(|dir| dir.join("fixtures").join("datasets"))
        .find(|dir| dir.is_dir())
}

/// Every line of the `*.txt` files of `dir`, in file-name order (invalid UTF-8 replaced).
pub fn dataset_lines(dir: &Path) -> Result<Vec<String>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("datasets at {}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut lines = Vec::new();
    for path in files {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        lines.extend(
            text.trim_start_matches('\u{feff}')
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    Ok(lines)
}

/// Requests made from fixture requests and dataset URLs: each a seed with one to four
/// mutations; one in eight a setter call on a parsed seed. Deterministic for a given seed.
pub struct Generator {
    texts: Vec<String>,
    bases: Vec<String>,
    /// The attributes with a setter (all but `origin`).
    setters: Vec<Component>,
    rng: Rng,
}

impl Generator {
    /// A generator over `seeds` (fixture requests) and `lines` (dataset URLs).
    pub fn new(seeds: &[Request], lines: &[String], seed: u64) -> Generator {
        let texts = seeds
            .iter()
            .map(|r| r.text().to_owned())
            .chain(lines.iter().cloned())
            .collect();
        let bases = seeds
            .iter()
            .filter_map(|r| match r {
                Request::Parse { base: Some(b), .. } => Some(b.clone()),
                _ => None,
            })
            .chain(lines.iter().cloned())
            .collect();
        Generator {
            texts,
            bases,
            setters: Component::ALL
                .into_iter()
                .filter(|c| c.has_setter())
                .collect(),
            rng: Rng::new(seed),
        }
    }

    /// A seed text, borrowed.
    fn pick<'a>(texts: &'a [String], rng: &mut Rng) -> &'a str {
        texts.get(rng.below(texts.len())).map_or("", String::as_str)
    }
}

impl Iterator for Generator {
    type Item = Request;

    fn next(&mut self) -> Option<Request> {
        if self.texts.is_empty() {
            return None;
        }
        let (texts, rng) = (&self.texts, &mut self.rng);
        let mut text = Self::pick(texts, rng).to_owned();
        for _ in 0..=rng.below(4) {
            let other = Self::pick(texts, rng);
            mutate(&mut text, other, rng);
        }
        Some(match self.rng.below(8) {
            0 => Request::Set {
                href: Self::pick(&self.texts, &mut self.rng).to_owned(),
                setter: self.setters[self.rng.below(self.setters.len())],
                value: text,
            },
            1 | 2 if !self.bases.is_empty() => Request::Parse {
                input: text,
                base: Some(self.bases[self.rng.below(self.bases.len())].clone()),
            },
            _ => Request::Parse {
                input: text,
                base: None,
            },
        })
    }
}

/// One mutation of `text`: insert a piece, delete a run, splice in part of `other`, change a
/// character's case, or repeat a run.
fn mutate(text: &mut String, other: &str, rng: &mut Rng) {
    let at = boundary(text, rng);
    match rng.below(6) {
        0 | 1 => text.insert_str(at, PIECES[rng.below(PIECES.len())]),
        2 => {
            let end = boundary_after(text, at, 1 + rng.below(8));
            text.replace_range(at..end, "");
        }
        3 => {
            let from = boundary(other, rng);
            let to = boundary_after(other, from, 1 + rng.below(16));
            text.insert_str(at, &other[from..to]);
        }
        4 => {
            let end = boundary_after(text, at, 1);
            let mut flipped = text[at..end].to_owned();
            if flipped.bytes().any(|b| b.is_ascii_lowercase()) {
                flipped.make_ascii_uppercase();
            } else {
                flipped.make_ascii_lowercase();
            }
            text.replace_range(at..end, &flipped);
        }
        _ => {
            let end = boundary_after(text, at, 1 + rng.below(6));
            let run = text[at..end].to_owned();
            text.insert_str(end, &run);
        }
    }
}

/// A random character boundary of `text`.
fn boundary(text: &str, rng: &mut Rng) -> usize {
    let mut at = rng.below(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The boundary `chars` characters after `at` (or the end).
fn boundary_after(text: &str, at: usize, chars: usize) -> usize {
    text[at..]
        .char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic_and_mutates() {
        let seeds = [Request::Parse {
            input: "https://example.com/a?b#c".into(),
            base: Some("https://base/".into()),
        }];
        let lines = ["http://x.org/p".to_owned()];
        let generate = |seed| {
            Generator::new(&seeds, &lines, seed)
                .take(500)
                .collect::<Vec<_>>()
        };
        let a = generate(7);
        assert_eq!(a, generate(7));
        assert_ne!(a, generate(8));
        assert_eq!(a.len(), 500);
        let unchanged = a.iter().filter(|r| r.text() == seeds[0].text()).count();
        assert!(unchanged < 50, "{unchanged} of 500 not mutated");
        assert!(a.iter().any(|r| matches!(r, Request::Set { .. })));
        assert!(
            a.iter()
                .any(|r| matches!(r, Request::Parse { base: Some(_), .. }))
        );
        assert_eq!(Generator::new(&[], &[], 1).next(), None);
    }
}

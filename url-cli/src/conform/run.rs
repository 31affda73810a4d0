//! One run: the fixture checks and the generated requests through the child, two batches in
//! flight, every answer tallied against the standard; then the shortest examples of each class
//! of divergence minimized through the same child.

use std::collections::{BTreeMap, VecDeque};

use super::cases::{Expect, Suite};
use super::child::Child;
use super::classes::classify;
use super::protocol::{Answer, Request, agrees, ours};

/// A request and what it is checked against.
pub struct Item {
    /// Its row of the table.
    pub row: usize,
    /// Its case in the row.
    pub case: u32,
    pub request: Request,
    /// The fixture's expectation; `None`: this project's answer (a generated request).
    pub expect: Option<Expect>,
}

/// A row of the table as it stands.
pub struct Row {
    pub name: String,
    /// Per case: `None` not yet answered, `Some(passed)`.
    pub cases: Vec<Option<bool>>,
}

impl Row {
    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| **c == Some(true)).count()
    }

    /// The cases answered (all of them unless the run stopped).
    pub fn answered(&self) -> usize {
        self.cases.iter().filter(|c| c.is_some()).count()
    }
}

/// One divergence: a request, what the standard expects, what the implementation answered.
#[derive(Clone, Debug)]
pub struct Divergence {
    pub row: usize,
    pub request: Request,
    pub expect: Expect,
    pub answer: Answer,
    /// The smallest request found that diverges in the same class.
    pub minimized: Option<(Request, Expect, Answer)>,
}

/// The divergences of one class: their count and the shortest examples.
#[derive(Default)]
pub struct Class {
    pub count: usize,
    pub examples: Vec<Divergence>,
}

/// What a run found.
pub struct Outcome {
    pub rows: Vec<Row>,
    pub classes: BTreeMap<String, Class>,
    /// Requests answered.
    pub answered: u64,
    /// The one-line error that stopped the run, if one did.
    pub error: Option<String>,
}

/// How a run goes.
pub struct Settings {
    pub batch: usize,
    pub examples: usize,
    pub minimize: bool,
}

/// The rows of `suites` then one row per extra name, empty.
pub fn rows(suites: &[Suite], extra: &[(String, usize)]) -> Vec<Row> {
    suites
        .iter()
        .map(|s| (s.name.clone(), s.cases as usize))
        .chain(extra.iter().cloned())
        .map(|(name, cases)| Row {
            name,
            cases: vec![None; cases],
        })
        .collect()
}

/// Runs `items` through `child`, tallying into `rows`.
pub fn run(
    mut child: Child,
    items: impl Iterator<Item = Item>,
    rows: Vec<Row>,
    settings: &Settings,
) -> Outcome {
    let mut outcome = Outcome {
        rows,
        classes: BTreeMap::new(),
        answered: 0,
        error: None,
    };
    let mut items = items.peekable();
    let mut in_flight: VecDeque<Vec<Item>> = VecDeque::new();
    'run: loop {
        while in_flight.len() < 2 && items.peek().is_some() {
            let batch: Vec<Item> = items.by_ref().take(settings.batch.max(1)).collect();
            child.send(batch.iter().map(|i| &i.request));
            in_flight.push_back(batch);
        }
        let Some(batch) = in_flight.pop_front() else {
            break;
        };
        for item in batch {
            match child.receive(&item.request) {
                Ok(answer) => {
                    outcome.answered += 1;
                    tally(&mut outcome, item, answer, settings.examples);
                }
                Err(error) => {
                    outcome.error = Some(error);
                    break 'run;
                }
            }
        }
    }
    if outcome.error.is_none()
        && settings.minimize
        && let Err(error) = minimize_all(&mut child, &mut outcome.classes)
    {
        outcome.error = Some(format!("while minimizing: {error}"));
    }
    if outcome.error.is_none() {
        outcome.error = child.finish().err();
    }
    outcome
}

fn tally(outcome: &mut Outcome, item: Item, answer: Answer, examples: usize) {
    let (passed, expect) = match item.expect {
        Some(expect) => (expect.holds(&answer), expect),
        None if agrees(&item.request, &answer) => (true, Expect::Failure),
        None => (false, Expect::all_of(&ours(&item.request))),
    };
    if let Some(case) = outcome
        .rows
        .get_mut(item.row)
        .and_then(|row| row.cases.get_mut(item.case as usize))
    {
        *case = Some(case.unwrap_or(true) && passed);
    }
    if passed {
        return;
    }
    let class = outcome
        .classes
        .entry(classify(&item.request, &expect, &answer))
        .or_default();
    class.count += 1;
    class.examples.push(Divergence {
        row: item.row,
        request: item.request,
        expect,
        answer,
        minimized: None,
    });
    class
        .examples
        .sort_by_key(|d| (d.request.text().chars().count(), d.row));
    class.examples.truncate(examples);
}

/// Minimizes every kept example.
fn minimize_all(child: &mut Child, classes: &mut BTreeMap<String, Class>) -> Result<(), String> {
    for (name, class) in classes.iter_mut() {
        for example in &mut class.examples {
            example.minimized = minimize(child, name, &example.request)?;
        }
        // Examples that shrink to the same request are one.
        let mut seen = Vec::new();
        class.examples.retain(|d| {
            let shown = d.minimized.as_ref().map_or(&d.request, |m| &m.0).clone();
            let new = !seen.contains(&shown);
            seen.push(shown);
            new
        });
    }
    Ok(())
}

/// The most requests one example's minimization sends.
const MINIMIZE_BUDGET: usize = 400;

/// Removes runs of characters from the request's text (halving the run down to one) for as long
/// as the implementation still diverges from this project in class `class`.
fn minimize(
    child: &mut Child,
    class: &str,
    request: &Request,
) -> Result<Option<(Request, Expect, Answer)>, String> {
    let mut best: Option<(Request, Expect, Answer)> = None;
    let mut chars: Vec<char> = request.text().chars().collect();
    let mut asked = 0;
    let mut run = chars.len().max(1);
    loop {
        let mut start = 0;
        while start < chars.len() && asked < MINIMIZE_BUDGET {
            let end = (start + run).min(chars.len());
            let mut candidate = chars.clone();
            candidate.drain(start..end);
            let trial = request.with_text(candidate.iter().collect());
            asked += 1;
            child.send([&trial]);
            let answer = child.receive(&trial)?;
            let ours = ours(&trial);
            let expect = Expect::all_of(&ours);
            if answer != ours && classify(&trial, &expect, &answer) == class {
                chars = candidate;
                best = Some((trial, expect, answer));
            } else {
                start += run;
            }
        }
        if run == 1 || asked >= MINIMIZE_BUDGET {
            return Ok(best);
        }
        run /= 2;
    }
}

//! `cargo xtask cycles`: no module import cycles in any crate (docs/architecture.md,
//! "The layers, and why").
//!
//! Per crate (every top-level directory of the repository with a `Cargo.toml` and a `src/`: the
//! workspace's packages, `url-compat/` and `python/` included), the files of each crate root
//! (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`) are found by following `mod x;` declarations
//! (`x.rs` or `x/mod.rs` beside the parent, inline `mod x { … }` blocks are part of their file).
//! A file links to another when it names an item there by a path:
//!
//! - `use crate::…`, `use super::…`, `use self::…`, and a `use` of a child module by its bare
//!   name (`use parser::parse;` in the parent of `parser`), grouped trees included;
//! - a path in code starting with `crate::`, `super::` or `self::`, or with the name of a child
//!   module of the current one (`error::Error`).
//!
//! A path is resolved to the deepest module it names (`crate::a::b::Item` to `src/a/b.rs` when
//! that module exists, else to `src/a.rs` or `src/a/mod.rs`), and an item that module only
//! imports (`pub use` re-exports and private `use`s alike) is followed to where the import
//! points: a sibling naming `crate::Error` that `lib.rs` re-exports from `error.rs` links to
//! `error.rs`, not to `lib.rs`. A glob import is not followed (the path stops at the module
//! that globs). Paths in `#[cfg(test)]` modules count: they are compiled code of the same file.
//!
//! A `mod x;` declaration alone is not an import: a parent declaring its children is the tree,
//! not a dependency. Links along the tree (a parent calling or re-exporting what its children
//! define, `pub use error::Error;` in `lib.rs`; a child naming its parent's items, `use
//! super::Item`) are links like any other, but a cycle made of them alone is accepted: a
//! module and its parts working on each other is how one module is split into files. A cycle
//! is reported when it holds a link *across* the tree, between two files neither of which is
//! an ancestor of the other (`error.rs` → `parser/mod.rs` → `error.rs`, or `windows.rs` →
//! `posix.rs` → their parent `mod.rs` → `windows.rs`): that is what makes files impossible to
//! read, test or move one without the other.
//!
//! The cycles are found as strongly connected components of more than one file (Tarjan's
//! algorithm); each is named with the references that close it, the links across the tree
//! marked. A link may be accepted only by an entry of [`ALLOWED`], with the reason beside it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// Links accepted although they close a cycle: (crate directory, from file, to file, both
/// relative to the crate directory), each with the reason the cycle is the design. Empty: a
/// pair of files that must name each other belongs in one module (a module and its parts).
const ALLOWED: [(&str, &str, &str); 0] = [];

/// A module path from the crate root (`[]` is the root).
type ModPath = Vec<String>;
/// Links between files: (from, to), the line of the first reference, and whether the link runs
/// along the module tree (between a module and one of its ancestors or descendants).
type Links = BTreeMap<(PathBuf, PathBuf), (usize, bool)>;

/// One crate root's module tree and the import links found in it.
#[derive(Default)]
struct Tree {
    /// Every module (file or inline) and the file that holds it.
    modules: HashMap<ModPath, PathBuf>,
    /// Per module, what each `use` binds: the name and the absolute path it points to (`None`:
    /// outside the crate).
    bindings: HashMap<ModPath, HashMap<String, Option<ModPath>>>,
    /// Raw references before resolution: (from file, line, absolute path named).
    references: Vec<(PathBuf, usize, ModPath)>,
    /// Files read for this tree.
    files: Vec<PathBuf>,
}

/// Checks every crate under `root`; prints each cycle and the count of files read.
/// `Ok(true)` when no cycle is found outside [`ALLOWED`].
pub fn check(root: &Path) -> Result<bool, String> {
    let mut crates: Vec<PathBuf> = Vec::new();
    let entries = fs::read_dir(root).map_err(|e| format!("reading {}: {e}", root.display()))?;
    for entry in entries {
        let dir = entry
            .map_err(|e| format!("reading {}: {e}", root.display()))?
            .path();
        if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
            crates.push(dir);
        }
    }
    crates.sort();
    let (mut files_read, mut cycles) = (0usize, 0usize);
    for dir in &crates {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (read, edges) = crate_links(dir)?;
        files_read += read;
        let allowed: BTreeSet<(PathBuf, PathBuf)> = ALLOWED
            .iter()
            .filter(|(c, _, _)| *c == name)
            .map(|(_, from, to)| (dir.join(from), dir.join(to)))
            .collect();
        let edges: Links = edges
            .into_iter()
            .filter(|(pair, _)| !allowed.contains(pair))
            .collect();
        for component in cycles_of(&edges) {
            let inside =
                |from: &PathBuf, to: &PathBuf| component.contains(from) && component.contains(to);
            cycles += 1;
            let shown: Vec<String> = component.iter().map(|f| relative(root, f)).collect();
            println!("CYCLE in {name}: {}", shown.join(", "));
            for ((from, to), (line, along)) in &edges {
                if inside(from, to) {
                    println!(
                        "    {}:{line} uses {}{}",
                        relative(root, from),
                        relative(root, to),
                        if *along { "" } else { " (across the tree)" }
                    );
                }
            }
        }
    }
    println!(
        "cycles: {} crate(s), {files_read} file(s) read, {cycles} cycle(s)",
        crates.len()
    );
    Ok(cycles == 0)
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The files read and the links (from, to) → first line, of every root of the crate in `dir`.
fn crate_links(dir: &Path) -> Result<(usize, Links), String> {
    let src = dir.join("src");
    let mut roots = Vec::new();
    for root in ["lib.rs", "main.rs"] {
        if src.join(root).is_file() {
            roots.push(src.join(root));
        }
    }
    if let Ok(entries) = fs::read_dir(src.join("bin")) {
        let mut bins: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter_map(|p| {
                if p.extension().is_some_and(|e| e == "rs") {
                    Some(p)
                } else {
                    Some(p.join("main.rs")).filter(|m| m.is_file())
                }
            })
            .collect();
        bins.sort();
        roots.extend(bins);
    }
    let mut read: BTreeSet<PathBuf> = BTreeSet::new();
    let mut links = BTreeMap::new();
    for root in roots {
        let mut tree = Tree::default();
        load(&mut tree, &root, Vec::new(), true)?;
        read.extend(tree.files.iter().cloned());
        // Each file's own module path (the shortest: inline modules are longer).
        let mut module_of: HashMap<&PathBuf, &ModPath> = HashMap::new();
        for (module, file) in &tree.modules {
            let entry = module_of.entry(file).or_insert(module);
            if module.len() < entry.len() {
                *entry = module;
            }
        }
        let descends = |from: &PathBuf, to: &PathBuf| match (module_of.get(from), module_of.get(to))
        {
            (Some(parent), Some(child)) => child.len() > parent.len() && child.starts_with(parent),
            _ => false,
        };
        for (from, line, path) in &tree.references {
            if let Some(to) = resolve(&tree, path, 0)
                && to != *from
            {
                let along = descends(from, &to) || descends(&to, from);
                links.entry((from.clone(), to)).or_insert((*line, along));
            }
        }
    }
    Ok((read.len(), links))
}

/// Reads `file` (module `path`) and, recursively, the files of its `mod x;` declarations.
fn load(tree: &mut Tree, file: &Path, path: ModPath, owns_dir: bool) -> Result<(), String> {
    if tree.files.iter().any(|f| f == file) {
        return Ok(());
    }
    let text = fs::read_to_string(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
    tree.files.push(file.to_path_buf());
    tree.modules.insert(path.clone(), file.to_path_buf());
    // The directory a child `mod x;` of this file lives in.
    let base = if owns_dir {
        file.parent().map(Path::to_path_buf).unwrap_or_default()
    } else {
        file.with_extension("")
    };
    let tokens = tokenize(&text);
    let scan = scan(&tokens, &path);
    for (inline, _) in &scan.inline_modules {
        tree.modules.insert(inline.clone(), file.to_path_buf());
    }
    for (module, name, target) in scan.bindings {
        tree.bindings
            .entry(module)
            .or_default()
            .insert(name, target);
    }
    for (line, named) in scan.references {
        tree.references.push((file.to_path_buf(), line, named));
    }
    for (module, child) in scan.declared {
        // A child of an inline module lives in a directory named after it.
        let mut dir = base.clone();
        for inline in module.iter().skip(path.len()) {
            dir.push(inline);
        }
        let flat = dir.join(format!("{child}.rs"));
        let nested = dir.join(&child).join("mod.rs");
        let mut child_path = module.clone();
        child_path.push(child.clone());
        if flat.is_file() {
            load(tree, &flat, child_path, false)?;
        } else if nested.is_file() {
            load(tree, &nested, child_path, true)?;
        }
    }
    Ok(())
}

/// The file an absolute path names, following imports (at most 16 steps).
fn resolve(tree: &Tree, path: &[String], depth: usize) -> Option<PathBuf> {
    let (path, relative_to) = match path.first().map(String::as_str) {
        Some("::bare") => {
            // A bare path: `[::bare, module…, first, rest…]` — relative when `first` is a child
            // module of `module` or a name `module` imports, else outside the crate.
            let split = path.iter().position(|s| s == "::at")?;
            (path.get(split + 1..)?, Some(path.get(1..split)?))
        }
        _ => (path, None),
    };
    let path: Vec<String> = match relative_to {
        Some(module) => {
            let first = path.first()?;
            let mut child = module.to_vec();
            child.push(first.clone());
            if tree.modules.contains_key(&child) {
                child.extend(path.iter().skip(1).cloned());
                child
            } else {
                // Not a child: an import of the module (followed), else outside the crate.
                let mut full = tree.bindings.get(module)?.get(first)?.clone()?;
                full.extend(path.iter().skip(1).cloned());
                if depth >= 16 {
                    return None;
                }
                return resolve(tree, &full, depth + 1);
            }
        }
        None => path.to_vec(),
    };
    let k = (0..=path.len())
        .rev()
        .find(|&k| tree.modules.contains_key(&path[..k]))?;
    let file = tree.modules.get(&path[..k])?;
    if k == path.len() || depth >= 16 {
        return Some(file.clone());
    }
    let followed = tree.bindings.get(&path[..k]).and_then(|b| b.get(&path[k]));
    match followed {
        Some(Some(target)) => {
            let mut full = target.clone();
            full.extend(path[k + 1..].iter().cloned());
            resolve(tree, &full, depth + 1).or_else(|| Some(file.clone()))
        }
        Some(None) => None,
        None => Some(file.clone()),
    }
}

/// A token: an identifier or keyword, or a punctuation mark (`::` is one token), with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    text: String,
    line: usize,
}

/// Identifiers and punctuation of a Rust source; comments, strings, chars and lifetimes skipped.
fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0usize, 1usize);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0usize;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'r' || c == 'b' || c == 'c') && is_string_start(&chars, i)) {
            // A string: plain, byte, C, or raw with its hashes.
            while chars[i] != '"' && chars[i] != '#' {
                i += 1;
            }
            let mut hashes = 0usize;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            let raw = hashes > 0 || (i > 0 && matches!(at(i - 1), 'r'));
            i += 1;
            while i < chars.len() {
                if chars[i] == '\n' {
                    line += 1;
                }
                if !raw && chars[i] == '\\' {
                    if at(i + 1) == '\n' {
                        line += 1;
                    }
                    i += 2;
                    continue;
                }
                if chars[i] == '"' && (0..hashes).all(|h| at(i + 1 + h) == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == '\'' {
            // A char literal ends with a quote within a few characters; a lifetime does not.
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let mut word: String = chars[start..i].iter().collect();
            if word == "r" && at(i) == '#' {
                i += 1;
                let start = i;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
                word = chars[start..i].iter().collect();
            }
            tokens.push(Token { text: word, line });
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
        } else if c == ':' && at(i + 1) == ':' {
            tokens.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            tokens.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    tokens
}

/// Whether `chars[i..]` starts a prefixed string literal (`r"`, `r#"`, `b"`, `br"`, `c"`, …)
/// rather than an identifier.
fn is_string_start(chars: &[char], i: usize) -> bool {
    if i > 0
        && chars
            .get(i - 1)
            .is_some_and(|p| p.is_alphanumeric() || *p == '_')
    {
        return false;
    }
    let mut j = i;
    if matches!(chars.get(j), Some('b' | 'c')) {
        j += 1;
    }
    if chars.get(j) == Some(&'r') {
        j += 1;
        while chars.get(j) == Some(&'#') {
            j += 1;
        }
    }
    j > i && chars.get(j) == Some(&'"')
}

/// What one file declares and names.
#[derive(Default)]
struct Scan {
    /// Inline modules (`mod x { … }`) and their first line.
    inline_modules: Vec<(ModPath, usize)>,
    /// `mod x;` declarations: the module they appear in and the child's name.
    declared: Vec<(ModPath, String)>,
    /// `use` bindings: module, bound name, absolute target (`None`: outside the crate).
    bindings: Vec<(ModPath, String, Option<ModPath>)>,
    /// Paths named: line, absolute path (or a bare one, see [`resolve`]).
    references: Vec<(usize, ModPath)>,
}

/// Scans the tokens of the file of module `path`.
fn scan(tokens: &[Token], path: &ModPath) -> Scan {
    let mut out = Scan::default();
    // Inline modules open: (module path, brace depth inside it).
    let mut stack: Vec<(ModPath, usize)> = vec![(path.clone(), 0)];
    let mut depth = 0usize;
    let text = |i: usize| tokens.get(i).map_or("", |t| t.text.as_str());
    let mut i = 0usize;
    while i < tokens.len() {
        let current = stack.last().map(|(p, _)| p.clone()).unwrap_or_default();
        match text(i) {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if stack.len() > 1 && stack.last().is_some_and(|(_, d)| *d > depth) {
                    stack.pop();
                }
            }
            "mod" if text(i + 2) == ";" => {
                out.declared.push((current, text(i + 1).to_owned()));
                i += 3;
                continue;
            }
            "mod" if text(i + 2) == "{" => {
                let mut inner = current;
                inner.push(text(i + 1).to_owned());
                out.inline_modules.push((inner.clone(), tokens[i].line));
                depth += 1;
                stack.push((inner, depth));
                i += 3;
                continue;
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| text(j) == ";")
                    .unwrap_or(tokens.len());
                let line = tokens[i].line;
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], Vec::new(), &mut leaves);
                for (segments, alias) in leaves {
                    let absolute = absolute(&current, &segments);
                    if let Some(name) = alias {
                        out.bindings.push((current.clone(), name, absolute.clone()));
                    }
                    if let Some(target) = absolute {
                        out.references.push((line, target));
                    }
                }
                i = end + 1;
                continue;
            }
            word if (word == "crate" || word == "super" || word == "self")
                && text(i + 1) == "::"
                && text(i.wrapping_sub(1)) != "::"
                && text(i.wrapping_sub(1)) != "in" =>
            {
                let segments = path_at(tokens, i);
                let line = tokens[i].line;
                if let Some(target) = absolute(&current, &segments) {
                    out.references.push((line, target));
                }
            }
            word if text(i + 1) == "::"
                && text(i.wrapping_sub(1)) != "::"
                && is_identifier(word) =>
            {
                // A bare path: relative when its first segment is a child module or an import
                // of the current module, which [`resolve`] decides once every file is read.
                let mut bare = vec!["::bare".to_owned()];
                bare.extend(current.iter().cloned());
                bare.push("::at".to_owned());
                bare.extend(path_at(tokens, i));
                out.references.push((tokens[i].line, bare));
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn is_identifier(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The segments of the path starting at token `i` (`a :: b :: c`).
fn path_at(tokens: &[Token], mut i: usize) -> Vec<String> {
    let mut segments = Vec::new();
    while let Some(token) = tokens.get(i) {
        if !is_identifier(&token.text) {
            break;
        }
        segments.push(token.text.clone());
        if tokens.get(i + 1).is_some_and(|t| t.text == "::") {
            i += 2;
        } else {
            break;
        }
    }
    segments
}

/// The leaves of a use tree (the tokens after `use`, before `;`): each full path and the name
/// it binds (`None` for a glob). `self` in a group names the group's prefix.
fn use_tree(tokens: &[Token], prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    let mut segments = prefix;
    let mut i = 0usize;
    // Visibility and attributes before the path (`pub(crate) use`) are not part of it.
    while i < tokens.len() {
        let t = tokens[i].text.as_str();
        match t {
            "::" => {}
            "{" => {
                // A group: split at top-level commas until the matching brace.
                let mut depth = 0usize;
                let mut start = i + 1;
                let mut j = i;
                while j < tokens.len() {
                    match tokens[j].text.as_str() {
                        "{" => depth += 1,
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                if start < j {
                                    use_tree(&tokens[start..j], segments.clone(), out);
                                }
                                break;
                            }
                        }
                        "," if depth == 1 => {
                            if start < j {
                                use_tree(&tokens[start..j], segments.clone(), out);
                            }
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                return;
            }
            "*" => {
                out.push((segments, None));
                return;
            }
            "as" => {
                let alias = tokens.get(i + 1).map(|t| t.text.clone());
                let alias = alias.filter(|a| a != "_");
                out.push((segments, alias));
                return;
            }
            "self" if !segments.is_empty() => {}
            word if is_identifier(word) => segments.push(word.to_owned()),
            _ => {}
        }
        i += 1;
    }
    let name = segments.last().cloned();
    if !segments.is_empty() {
        out.push((segments, name));
    }
}

/// The absolute path of `segments` named in module `current`: `crate::`, `super::`, `self::`
/// resolved; a bare path becomes a bare reference for [`resolve`]; `None` when it leaves the
/// crate (`super` above the root).
fn absolute(current: &ModPath, segments: &[String]) -> Option<ModPath> {
    let first = segments.first()?;
    match first.as_str() {
        "crate" => Some(segments[1..].to_vec()),
        "self" | "super" => {
            let mut base = current.clone();
            let mut rest = segments;
            while let Some(head) = rest.first() {
                match head.as_str() {
                    "self" => {}
                    "super" => {
                        base.pop()?;
                    }
                    _ => break,
                }
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => {
            let mut bare = vec!["::bare".to_owned()];
            bare.extend(current.iter().cloned());
            bare.push("::at".to_owned());
            bare.extend(segments.iter().cloned());
            Some(bare)
        }
    }
}

/// The cycles to report: the strongly connected components that hold a link across the tree
/// (module docs).
fn cycles_of(edges: &Links) -> Vec<Vec<PathBuf>> {
    strongly_connected(edges)
        .into_iter()
        .filter(|component| {
            edges.iter().any(|((from, to), (_, along))| {
                !along && component.contains(from) && component.contains(to)
            })
        })
        .collect()
}

/// The strongly connected components of more than one file (Tarjan's algorithm, iterative).
fn strongly_connected(edges: &Links) -> Vec<Vec<PathBuf>> {
    let mut nodes: Vec<&PathBuf> = Vec::new();
    let mut index_of: HashMap<&PathBuf, usize> = HashMap::new();
    for (from, to) in edges.keys() {
        for node in [from, to] {
            if !index_of.contains_key(node) {
                index_of.insert(node, nodes.len());
                nodes.push(node);
            }
        }
    }
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (from, to) in edges.keys() {
        successors[index_of[from]].push(index_of[to]);
    }
    let n = nodes.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0usize; n]);
    let (mut on_stack, mut stack) = (vec![false; n], Vec::new());
    let mut next = 0usize;
    let mut components = Vec::new();
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, next successor to visit)
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = successors[v].get(*child) {
                *child += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    components.push(component);
                }
            }
        }
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate in a scratch directory: `(path under src/, text)`.
    fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-cycles-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for (path, text) in files {
            let file = dir.join("src").join(path);
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            fs::write(file, text).unwrap();
        }
        dir
    }

    fn crate_cycles(dir: &Path) -> Vec<Vec<String>> {
        let (_, edges) = crate_links(dir).unwrap();
        cycles_of(&edges)
            .into_iter()
            .map(|c| c.iter().map(|f| relative(&dir.join("src"), f)).collect())
            .collect()
    }

    #[test]
    fn finds_a_sibling_cycle_through_groups_and_re_exports() {
        let dir = scratch(
            "sibling",
            &[
                ("lib.rs", "mod error;\nmod parser;\npub use error::Error;\n"),
                (
                    "error.rs",
                    "use crate::{parser::{self, State as S}};\npub struct Error;\n",
                ),
                ("parser/mod.rs", "mod states;\npub struct State;\n"),
                // A path in code, through the root's re-export, to error.rs.
                ("parser/states.rs", "fn f() -> crate::Error { todo!() }\n"),
            ],
        );
        // states.rs -> error.rs -> parser/mod.rs, and parser/mod.rs declares states.rs only:
        // no cycle yet.
        assert!(crate_cycles(&dir).is_empty());
        fs::write(
            dir.join("src/parser/mod.rs"),
            "mod states;\npub struct State;\nfn f(e: super::Error) {}\n",
        )
        .unwrap();
        assert_eq!(crate_cycles(&dir), [["error.rs", "parser/mod.rs"]]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn parents_own_their_children_and_text_is_not_code() {
        let dir = scratch(
            "parent",
            &[
                (
                    "lib.rs",
                    "mod a;\nmod b;\npub struct Root;\nuse a::f;\npub use b::*;\n",
                ),
                ("a.rs", "use super::Root;\npub fn f() {}\n"),
                (
                    "b.rs",
                    "// crate::a::f\nconst S: &str = \"crate::a::f\";\nconst R: &str = r#\"super::a\"#;\n",
                ),
            ],
        );
        assert!(crate_cycles(&dir).is_empty());
        // A bare path from the root to a child, and super:: between siblings.
        fs::write(dir.join("src/b.rs"), "pub fn g() { super::a::f() }\n").unwrap();
        fs::write(
            dir.join("src/a.rs"),
            "pub fn f() {}\nfn h() { crate::b::g() }\n",
        )
        .unwrap();
        assert_eq!(crate_cycles(&dir), [["a.rs", "b.rs"]]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_cycle_along_the_tree_counts_once_it_crosses_it() {
        let dir = scratch(
            "along",
            &[
                ("lib.rs", "mod paths;\n"),
                (
                    "paths/mod.rs",
                    "mod posix;\nmod windows;\npub struct E;\nfn f() { posix::g(); windows::h(); }\n",
                ),
                ("paths/posix.rs", "use super::E;\npub fn g() {}\n"),
                ("paths/windows.rs", "use super::E;\npub fn h() {}\n"),
            ],
        );
        // A parent and its parts, both ways: accepted.
        assert!(crate_cycles(&dir).is_empty());
        // One part using its sibling closes a cycle through the parent.
        fs::write(
            dir.join("src/paths/windows.rs"),
            "use super::E;\npub fn h() { super::posix::g() }\n",
        )
        .unwrap();
        assert_eq!(
            crate_cycles(&dir),
            [["paths/mod.rs", "paths/posix.rs", "paths/windows.rs"]]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn use_trees_expand_groups_aliases_and_self() {
        let tokens = tokenize("crate::{a::{self, B as C}, d::*, e}");
        let mut leaves = Vec::new();
        use_tree(&tokens, Vec::new(), &mut leaves);
        let shown: Vec<(String, Option<String>)> =
            leaves.into_iter().map(|(p, n)| (p.join("::"), n)).collect();
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(
            shown,
            [
                ("crate::a".to_owned(), some("a")),
                ("crate::a::B".to_owned(), some("C")),
                ("crate::d".to_owned(), None),
                ("crate::e".to_owned(), some("e")),
            ]
        );
    }
}

//! A short tour of the API: parse a URL (against a base when one is given), list its components
//! by name and its rendering for people, and the validation errors the parser met. (The full
//! inspector, with carets under the input and JSON output, is `wurl --explain` and
//! `wurl --json`.)
//!
//! ```text
//! cargo run --example components -p whatwg-url -- 'HTTPS://EXAMPLE.com:443/a/../b c?q#f'
//! cargo run --example components -p whatwg-url -- '../x' 'https://example.com/a/b'
//! ```

use std::process::ExitCode;

use whatwg_url::{Component, Url};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(input) = args.next() else {
        eprintln!("usage: components URL [BASE]");
        return ExitCode::from(2);
    };
    let base = args.next();
    let (result, errors) = Url::parse_with_validation(&input, base.as_deref());
    for error in &errors {
        println!(
            "validation error: {} at byte {}",
            error.name(),
            error.offset
        );
    }
    let url = match result {
        Ok(url) => url,
        Err(e) => {
            println!("not a URL: {e}");
            return ExitCode::FAILURE;
        }
    };
    for component in Component::ALL {
        println!("{:<13}{}", component.name(), url.component(component));
    }
    println!("{:<13}{}", "for people", url.to_display_string());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_each_component_by_name() {
        let url = Url::parse("https://user@example.com:8080/a?q#f", None).unwrap();
        let shown: Vec<String> = Component::ALL
            .iter()
            .map(|&c| format!("{}={}", c.name(), url.component(c)))
            .collect();
        assert!(
            shown.contains(&"hostname=example.com".to_owned()),
            "{shown:?}"
        );
        assert!(
            shown.contains(&"origin=https://example.com:8080".to_owned()),
            "{shown:?}"
        );
    }
}

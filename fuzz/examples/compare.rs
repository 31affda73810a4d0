//! Prints this project's, ada's and rust-url's getters for one input (feature `differential`).
//!
//! `cargo run -p url-fuzz --features differential --example compare -- INPUT [BASE]`

use url_fuzz::differential;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(input) = args.first() else {
        eprintln!("usage: compare INPUT [BASE]");
        return;
    };
    let base = args.get(1).map(String::as_str);
    let show = |name: &str, shape: Option<differential::Shape>| match shape {
        Some(shape) => {
            println!("{name}:");
            for (field, value) in whatwg_url::Component::ALL.iter().zip(shape.0.iter()) {
                println!("  {:9} {value:?}", field.name());
            }
        }
        None => println!("{name}: failure"),
    };
    show("ours", differential::ours(input, base));
    show("ada", differential::ada(input, base));
    show("rust-url", differential::rust_url(input, base));
    for d in differential::compare(input, base) {
        let class = differential::classify(&d).unwrap_or("UNEXPLAINED");
        println!("{}: {class}", d.other);
    }
}

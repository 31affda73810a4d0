// A program on reqwest (the everyday calls that hand URLs to `url`): query strings written
// through serde_urlencoded into `Url::query_pairs_mut`, form bodies, joins, proxies. No network.
use serde::Serialize;

#[derive(Serialize)]
struct Search<'a> {
    q: &'a str,
    page: u32,
}

fn main() {
    let client = reqwest::Client::new();
    let request = client
        .get("https://api.example.com/search?lang=en#results")
        .query(&Search {
            q: "rust & url",
            page: 2,
        })
        .query(&[("tag", "a b"), ("tag", "\u{fc}ber")])
        .build()
        .unwrap();
    println!("query: {}", request.url());
    let request = client
        .post("HTTPS://Example.COM:443/./login/../session")
        .form(&[("user", "me"), ("pass", "p&ss w=rd")])
        .build()
        .unwrap();
    let body = request.body().and_then(|b| b.as_bytes()).unwrap_or_default();
    println!("form: {} {}", request.url(), String::from_utf8_lossy(body));
    for input in [
        "http://[::1]:8080/x?y#z",
        "https://user:pa%20ss@b\u{fc}cher.example/\u{e9}t\u{e9}",
        "http://example.com/a b?c d",
        "file:///C:/tmp/../x",
    ] {
        let url = reqwest::Url::parse(input).unwrap();
        println!(
            "parse: {url} host={:?} port={:?}",
            url.host_str(),
            url.port_or_known_default()
        );
    }
    let base = reqwest::Url::parse("https://example.com/api/v1/").unwrap();
    println!("join: {}", base.join("../v2/users?id=7").unwrap());
    let proxy = reqwest::Proxy::all("http://user:secret@proxy.local:3128").unwrap();
    println!("proxy: {}", format!("{proxy:?}").contains("proxy.local"));
    match reqwest::Url::parse("https://exa mple.com/") {
        Ok(url) => println!("invalid host accepted: {url}"),
        Err(error) => println!("invalid host: {error}"),
    }
}

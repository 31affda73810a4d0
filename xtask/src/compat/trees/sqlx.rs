// A program on sqlx (postgres, mysql, sqlite): connection options read from URLs and written
// back (`ConnectOptions::to_url_lossy`), and a query on an in-memory SQLite database.
use std::str::FromStr;

use sqlx::mysql::MySqlConnectOptions;
use sqlx::postgres::PgConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Row};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let pg = PgConnectOptions::from_str(
        "postgres://user:p%40ss@db.example.com:5433/app?sslmode=require&application_name=tree%20test",
    )
    .unwrap();
    println!(
        "postgres: host={} port={} db={:?} user={}",
        pg.get_host(),
        pg.get_port(),
        pg.get_database(),
        pg.get_username()
    );
    println!("postgres url: {}", pg.to_url_lossy());
    let mysql =
        MySqlConnectOptions::from_str("mysql://root:se%2Fcret@localhost:3307/shop?ssl-mode=disabled")
            .unwrap();
    println!("mysql url: {}", mysql.to_url_lossy());
    let file = SqliteConnectOptions::from_str("sqlite://data.db?mode=ro").unwrap();
    println!("sqlite url: {}", file.to_url_lossy());
    let mut connection = SqliteConnectOptions::from_str("sqlite::memory:")
        .unwrap()
        .connect()
        .await
        .unwrap();
    let row = sqlx::query("select 1 + 1 as two")
        .fetch_one(&mut connection)
        .await
        .unwrap();
    let two: i64 = row.get("two");
    println!("sqlite: {two}");
    match PgConnectOptions::from_str("postgres://[::1:5432/db") {
        Ok(options) => println!("bad url accepted: {}", options.get_host()),
        Err(error) => println!("bad url: {error}"),
    }
}

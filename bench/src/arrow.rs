//! The Arrow kernels of `whatwg-url-arrow` on each dataset as one `Utf8` column: the whole
//! struct (every component, `valid`, `error`) and the `href` column alone, against what a user
//! without the kernels would write with ada: parse row by row and push each getter into an
//! Arrow `StringBuilder`. The floor copies the column into a new one and does nothing else.

use std::hint::black_box;

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, StringArray};

use crate::options::Options;
use crate::workloads::{Entry, table};

/// Both tables for one dataset.
pub fn run_dataset(urls: &[String], opts: &Options) {
    let column = StringArray::from_iter_values(urls);
    let mut entries = vec![Entry {
        name: "whatwg-url-arrow (ours): parse",
        pass: Box::new(|| {
            let table = whatwg_url_arrow::parse(&column, None).expect("a Utf8 column");
            black_box(&table);
            table.len() - count_valid(&table)
        }),
    }];
    #[cfg(feature = "competitors")]
    entries.push(Entry {
        name: "ada-url 4, row by row into builders",
        pass: Box::new(|| ada_struct(&column)),
    });
    entries.push(floor(&column));
    table(
        "Arrow: a Utf8 column into the struct of every component",
        urls.len(),
        &entries,
        "ada-url 4, row by row into builders",
        opts,
    );

    let mut entries = vec![Entry {
        name: "whatwg-url-arrow (ours): href",
        pass: Box::new(|| {
            let href = whatwg_url_arrow::href(&column, None).expect("a Utf8 column");
            black_box(&href).null_count()
        }),
    }];
    #[cfg(feature = "competitors")]
    entries.push(Entry {
        name: "ada-url 4, row by row into a builder",
        pass: Box::new(|| {
            let mut href = StringBuilder::with_capacity(column.len(), column.value_data().len());
            for row in column.iter() {
                match row.map(|input| ada_url::Url::parse(input, None)) {
                    Some(Ok(url)) => href.append_value(url.href()),
                    _ => href.append_null(),
                }
            }
            black_box(href.finish()).null_count()
        }),
    });
    entries.push(floor(&column));
    table(
        "Arrow: a Utf8 column into its href column",
        urls.len(),
        &entries,
        "ada-url 4, row by row into a builder",
        opts,
    );
}

/// The floor: copy the column into a new one, row by row.
fn floor(column: &StringArray) -> Entry<'_> {
    Entry {
        name: "floor (copy the column)",
        pass: Box::new(move || {
            let mut copy = StringBuilder::with_capacity(column.len(), column.value_data().len());
            column.iter().for_each(|row| copy.append_option(row));
            black_box(copy.finish()).null_count()
        }),
    }
}

/// The rows of a parsed struct that are URLs (its `valid` column).
fn count_valid(table: &arrow_array::StructArray) -> usize {
    table
        .column_by_name("valid")
        .and_then(|valid| valid.as_any().downcast_ref::<arrow_array::BooleanArray>())
        .map_or(0, arrow_array::BooleanArray::true_count)
}

/// What the struct kernel does, with ada and Arrow's builders: every getter of every row (the
/// same eleven columns and `valid`; nulls where a row is not a URL). Returns the failures.
#[cfg(feature = "competitors")]
fn ada_struct(column: &StringArray) -> usize {
    let rows = column.len();
    let bytes = column.value_data().len();
    let mut texts: Vec<StringBuilder> = (0..11)
        .map(|_| StringBuilder::with_capacity(rows, bytes))
        .collect();
    let mut valid = arrow_array::builder::BooleanBuilder::with_capacity(rows);
    let mut failures = 0;
    for row in column.iter() {
        match row.map(|input| ada_url::Url::parse(input, None)) {
            Some(Ok(url)) => {
                let values = [
                    url.href(),
                    &url.origin(),
                    url.protocol(),
                    url.username(),
                    url.password(),
                    url.host(),
                    url.hostname(),
                    url.port(),
                    url.pathname(),
                    url.search(),
                    url.hash(),
                ];
                for (builder, value) in texts.iter_mut().zip(values) {
                    builder.append_value(value);
                }
                valid.append_value(true);
            }
            _ => {
                failures += 1;
                texts.iter_mut().for_each(StringBuilder::append_null);
                valid.append_value(false);
            }
        }
    }
    let columns: Vec<StringArray> = texts.iter_mut().map(StringBuilder::finish).collect();
    black_box((columns, valid.finish()));
    failures
}

//! Summary statistics of the rounds, shared by every section of the benchmark (its own module,
//! so that the sections do not reach back into `main.rs` for it).

/// The median (NaN for none); sorts `values`.
pub(crate) fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

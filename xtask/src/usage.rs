//! `cargo xtask help`: the text of every command, read by `main` and checked by `docs`.

pub const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  conformance          Run every crate's WPT conformance tests (`cargo test --workspace --test 'wpt_*'`)
                       and print the table `fixture | passed / total | %` (Markdown), then the fixture
                       files no test covers yet. Exits non-zero if a row is below 100% or a test failed.
  conformance --adapters [--generate N]
                       `wurl conform` against each adapter of url-cli/examples/conform/ (this
                       project through --serve, rust-url, Node.js URL, the reference implementation
                       whatwg-url through the same adapter, from npm into target/conform-node,
                       ada-url and urllib.parse in Python, from a venv in target/conform-venv):
                       the WPT files and N generated requests (default 20000) each; prints one
                       table, a column per adapter, and each adapter's largest divergence classes
                       (also target/xtask/conform-adapters.md). Fails when a run stops, this
                       project diverges from itself, or the reference implementation diverges
                       from it.
  test                 The one test command (what CI runs): cargo fmt --check, cargo clippy -D warnings,
                       duplicates, cycles, artifacts (below), fixtures present, cargo test
                       --workspace (default features), cargo test of the packages with library
                       features (every one on), cargo doc (RUSTDOCFLAGS=-D warnings),
                       then docs, beside-url, compat, msrv and package-check (below), then
                       conformance --adapters and python (below), and a table of each step's seconds.
                       Ends with the line `N passed, M failed`.
  wpt-update [--from DIR | --commit SHA]
                       Refresh the repository's fixtures/wpt: download url/resources and
                       urlpattern/resources of the pinned web-platform-tests commit with curl
                       (--commit SHA for another), or copy DIR/*.json, DIR/{api,urlpattern}/*.json
                       and their README.md (--from DIR). Prints the files that changed and the
                       conformance rows that moved. The api/ vectors are not web-platform-tests
                       resources: a download keeps them. Pinned commit: printed below.
  unicode-table        Write test-support/src/unicode_assigned.rs (the code points assigned in the IDNA
                       fixtures' Unicode version) from the ICU4X data the host layer uses: runs
                       whatwg-host's test table_file_is_what_the_generator_writes, which compares
                       the file on every cargo test, with the file's path to write. Refuses when the
                       data in use is another Unicode version than the fixtures'.
  bench [FILE ...] [--quick] [--budget-ms N] [--min-rounds N] [--svg [PATH]] [--baseline REV]
                       Side-by-side benchmark: builds `url-bench` in release with the
                       `competitors` feature (ada-url, url: compiled only here) and prints, per
                       dataset (default fixtures/datasets/*.txt) and variant (parse, parse + href,
                       can_parse), median ns/URL, MB/s, ratio to ada per round, failures, mallocs.
                       --workloads, --urlpattern, --python [ARGS]: one section only (see --help).
                       The run's results go to target/bench/results.json; --svg [PATH] draws them
                       as three charts beside PATH (default docs/bench.svg: docs/bench-parse.svg,
                       -workloads.svg, -hostile.svg), --svg-from JSON redraws a saved run.
                       --baseline REV [--runs N]: url-bench at git revision REV (own target dir)
                       against now, whole runs alternating; one table of our rows, now / REV.
  cli-bench [--repeat N] [--runs N]
                       wurl (-j 1, -j 2) against Node.js (readline + new URL(line).href) on the
                       datasets repeated N times (default 20): median time, ratios, peak RSS; the
                       outputs must be byte-identical.
  fuzz <target> [--time SECONDS] [--max-len BYTES] [-- LIBFUZZER_ARGS...]
                       Run a fuzz target of fuzz/ with cargo-fuzz (installed when missing) for
                       SECONDS (default 60), without sanitizer (`-s none`, stable toolchain),
                       from a seed corpus written to fuzz/corpus/<target>/ (WPT fixtures,
                       fixtures/datasets, fuzz/regressions/<target>/). Prints executions,
                       exec/s and wall time. A crash input lands in fuzz/artifacts/<target>/.
  fuzz list            List the fuzz targets and the features each needs.
  compat [--downstream [--facade DIR] [CRATE ...] | --trees [TREE ...]]
                       Without options: url 2.5.8's own tests (tests/unit.rs, its WPT harness)
                       and doctests, fetched through cargo, against the facade (url-compat/):
                       counts, every failure with the WPT case that decides it (fails on any
                       other), then the facade's own fmt, clippy and tests (type identity of the
                       re-exported form_urlencoded crate among them), the README example in a
                       fresh crate under [patch.crates-io], and the README's lock-file step on a
                       published crate's own old Cargo.lock. A step of `cargo xtask test`.
                       --trees: the dependency trees people have (xtask/src/compat/trees_list.rs:
                       reqwest, oauth2, sqlx, cloud, telemetry, git, web frameworks), each a
                       throwaway program with the facade patched in: cargo tree -i url must show
                       it, then `cargo check`, or for the rows with a program, its output with the
                       facade and with rust-url 2.5.8 must be identical. Prints the table
                       (url-compat/DOWNSTREAM.md). TREE ...: only those. Installs pkg-config and
                       libssl-dev with apt-get when missing. Not part of `cargo xtask test`: about
                       an hour from an empty target/compat-trees/ on two cores.
                       --downstream: six published crates that depend on url 2.x (pinned in
                       xtask/src/compat/downstream/crates.rs), fetched with cargo into
                       target/compat-downstream/, each tested twice with its own suite: with
                       rust-url 2.5.8, then with the facade patched in ([patch.crates-io]; cargo
                       tree -i url must show the facade's path). Prints the table (passed / failed
                       with each) and the tests that differ; fails when a crate does not build or a
                       test passing with rust-url fails with the facade, unless the standard
                       decides it (EXPLAINED in crates.rs). --facade DIR: another facade package
                       (default url-compat/); CRATE ...: only those. About 12 minutes from an
                       empty target/compat-downstream/ on two busy cores, 1-3 minutes again.
  beside-url           Our packages beside url 2.5 in a user's tree (a package check; compat
                       --downstream runs other crates' suites): a throwaway crate outside the
                       workspace with `url = 2.5`, `idna_adapter = 1.2.2` and our library
                       packages by path, resolved fresh;
                       fail if `cargo tree --duplicates` shows idna, idna_adapter or an icu_* crate
                       twice; run its smoke test (IDNA, IPv6, URLSearchParams, validation errors).
  msrv                 Check the published packages (every target) with Rust 1.85 (Debian's rustc-web,
                       installed with apt-get when missing), in a copy of the workspace reduced to
                       them, its lock file resolved anew by the 1.85 cargo (MSRV-aware: the newest
                       versions that build on 1.85, as a user on 1.85 gets them).
  package-check        cargo package and cargo publish --workspace --dry-run (--no-verify: the
                       tests below build each .crate); every .crate holds its README, both
                       licenses, its tests/ and complete metadata; each
                       unpacked .crate passes `cargo test --all-features` with our packages patched
                       to the unpacked ones (fixtures through URL_WPT_DIR / URL_DATASETS_DIR /
                       URL_SUITES_DIR).
  weight [--runs N] [--only ID,...] [--timings]
                       Clean release builds of a one-URL binary with whatwg-url (default features,
                       and without), with url 2.5.8, and with nothing: crates compiled, median wall
                       time, binary size added. Fails if default whatwg-url builds more than url's
                       crates + 3. --only: those variants alone (whatwg-url-default,url-2-5-8 for
                       the verdict). --timings: one more clean build of each with cargo's
                       --timings, and the units only that tree builds (frontend and codegen
                       seconds) with the wall time after the last shared one.
  duplicates [--strict] [DIR ...]
                       Blocks of six or more significant lines of the same shape (literals and
                       comments aside) found twice, in the library packages by default; fails on a
                       block whose two places are in two packages (--strict: any block) and on a
                       library file under src/ over 600 lines.
  cycles               The module import graph of every crate (the workspace's packages with a src/,
                       url-compat/): files linked by `use crate::…`, `crate::…` paths, `super::…`
                       and `use self::…` (a `mod x;` declaration alone is not an import). Fails on
                       a cycle (Tarjan's strongly connected components) that holds a link across
                       the module tree (a module and its own parts may use each other), naming
                       its files; prints the number of files read. Allowed links:
                       xtask/src/checks/cycles.rs.
  docs                 The pages' examples and facts: every ```rust block of the READMEs and docs/
                       is a doctest (its page included by a crate) or marked not to run; every
                       ```console session runs against the built wurl and prints what the page
                       shows; a ```python block outside python/README.md starts one of its blocks
                       (the wheel test runs those); the crate table, `N published packages`, the
                       MSRV, the feature table and the command table agree with their sources.
  artifacts            Fails when a tracked file (`git ls-files`) is a build artifact: an ELF file,
                       a shared library or object (.so .dylib .dll .o .a .rlib .pyd), a wheel or a
                       .pyc; names each. Skipped with a note outside a git checkout.
  python [--wheel] [--all-platforms] | --licences
                       The Python package (python/) as users get it: maturin with zig (in
                       target/py, made with python3 -m venv; python3-venv installed with apt-get
                       when missing) builds the abi3 manylinux2014 x86_64 wheel and the sdist
                       into target/wheels, after python/THIRD-PARTY-LICENSES.txt (every crate
                       compiled into the extension, with its licence texts); auditwheel show and
                       the glibc symbol versions check the wheel, cargo metadata the unpacked
                       sdist. Then the wheel goes into fresh environments where no Rust toolchain
                       is visible: target/py-wheel (the test requirements; pytest python/tests
                       runs there: WPT fixtures and vectors, the batch kernels through pyarrow,
                       Polars' engines, DuckDB and pandas, the stubs under mypy --strict, the
                       distributions, the sdist without Rust, PySpark in local[1] and local[2])
                       and target/py-spark-workers (the wheel and pyarrow: the Spark workers'
                       Python). Ends with `N passed, M failed`. --all-platforms: the aarch64
                       (manylinux2014) and musllinux_1_2 x86_64 wheels too, and the
                       aarch64 one tested in an arm64 Debian root under qemu-user (mmdebstrap,
                       qemu-user-static installed with apt-get when missing). --wheel: the
                       distributions only; --licences: the licence file only.
  simd [--aarch64] [--miri]
                       url-core's vector code (parser/fast/classify/simd.rs) beyond cargo xtask test's
                       x86_64 run: --aarch64 runs url-core's tests for aarch64 under qemu-user
                       (NEON against the scalar twin, the table and the predicates; the fast path
                       against the general path), installing the rustup target, qemu-user and the
                       cross linker (apt-get) when missing; --miri runs the vector tests under
                       Miri (nightly's miri component added when missing; about 30 minutes).
                       Without an option, both.
  help                 Print this text.

Test data: the WPT fixtures in $URL_WPT_DIR, else fixtures/wpt; the URL lists in $URL_DATASETS_DIR,\nelse fixtures/datasets; other projects' test vectors in $URL_SUITES_DIR, else fixtures/suites.
";

//! Builds the list of shipped scenarios (`scenarios/*.ron`) into the
//! binary, so that a lone binary still offers them when no `scenarios/`
//! folder is beside it (see `engine::assets`).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=scenarios");
    // Read at run time: a build script compiled in one checkout may run for
    // another (a shared target folder).
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let dir = Path::new(&root).join("scenarios");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".ron"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("&[\n");
    for n in &names {
        // The path is resolved when the crate compiles, in its own checkout.
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))),",
            format!("/scenarios/{n}")
        );
    }
    out.push_str("]\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()))
        .join("built_in_scenarios.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

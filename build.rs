//! Builds the lists of shipped scenarios (`scenarios/*.ron`) and campaigns
//! (`campaigns/*.ron`) into the binary, so that a lone binary still offers
//! them when no such folder is beside it (see `engine::assets`).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=scenarios");
    println!("cargo:rerun-if-changed=campaigns");
    // Read at run time: a build script compiled in one checkout may run for
    // another (a shared target folder).
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    for (folder, list) in [
        ("scenarios", "built_in_scenarios.rs"),
        ("campaigns", "built_in_campaigns.rs"),
    ] {
        let target = Path::new(&out).join(list);
        if let Err(e) = std::fs::write(&target, file_list(&root, folder)) {
            panic!("cannot write {}: {e}", target.display());
        }
    }
}

/// The `.ron` files of `folder` as a Rust array of (name, text), each text
/// included from the crate's own checkout when it compiles.
fn file_list(root: &str, folder: &str) -> String {
    let dir = Path::new(root).join(folder);
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
            format!("/{folder}/{n}")
        );
    }
    out.push_str("]\n");
    out
}

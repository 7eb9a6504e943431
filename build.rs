//! Generates the shanten lookup tables into `OUT_DIR` (see `src/shanten/table.rs`), so
//! the library ships them instead of building them at first use.
#![allow(dead_code)]

use std::path::PathBuf;

#[path = "src/shanten/table_gen.rs"]
mod table_gen;
#[path = "src/shanten/table_index.rs"]
mod table_index;

fn main() {
    for f in [
        "build.rs",
        "src/shanten/table_gen.rs",
        "src/shanten/table_index.rs",
    ] {
        println!("cargo:rerun-if-changed={f}");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let suit = table_gen::encode(&table_gen::build_suit());
    let honor = table_gen::encode(&table_gen::build_honor());
    std::fs::write(out.join("shanten_suit.bin"), suit).expect("write the suit table");
    std::fs::write(out.join("shanten_honor.bin"), honor).expect("write the honor table");
}

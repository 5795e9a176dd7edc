//! Compresses the default word list so the binary carries it deflated.

use std::path::PathBuf;

fn main() {
    let source = "wordlists/default.txt";
    println!("cargo:rerun-if-changed={source}");
    let text = std::fs::read(source).expect("wordlists/default.txt is part of the source tree");
    let packed = miniz_oxide::deflate::compress_to_vec(&text, 9);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("default.txt.deflate"), packed).expect("write to OUT_DIR");
}

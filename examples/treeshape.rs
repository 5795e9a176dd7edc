use cruciverb::pattern::rules::*;
use cruciverb::pattern::search::Search;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args[1].parse().unwrap();
    let rules = Rules::preset(if args.get(2).map(|s| s.as_str()) == Some("british") {
        Style::British
    } else {
        Style::American
    });
    let s = Search::new(n, n, &rules).unwrap();
    println!("unit depth {}", s.unit_depth(50000.0));
    for d in 1..3 {
        let t = std::time::Instant::now();
        let c = s.prefixes(d).take(200_000_000).count();
        println!("depth {d}: {c} prefixes ({:?})", t.elapsed());
    }
}

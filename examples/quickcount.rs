use cruciverb::pattern::rules::*;
use cruciverb::pattern::search::Search;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args[1].parse().unwrap();
    let mut rules = Rules::preset(if args.get(2).map(|s| s.as_str()) == Some("british") {
        Style::British
    } else {
        Style::American
    });
    if args.iter().any(|a| a == "edges") {
        rules.allow_black_edges = true;
    }
    let limit: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
    let s = Search::new(n, n, &rules).unwrap();
    let t = std::time::Instant::now();
    let mut c = 0u64;
    s.walk(&[], &mut |_| {
        c += 1;
        c < limit && t.elapsed().as_secs() < 20
    });
    let el = t.elapsed();
    println!(
        "{n}: {c} in {:?} = {:.0}/s",
        el,
        c as f64 / el.as_secs_f64()
    );
}

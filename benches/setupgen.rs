//! Speed of Invincible's setup generation (thesis Table 4.3's "time" column), native:
//! one semi-random setup, one score (H1-H9), best of 20 and best of 50 semi-random, and the
//! best of 50 / 1000 fully random setups, plus Barrage.
//!
//! Each iteration draws from a fixed-seed generator, so the work is the same on every machine;
//! criterion times it. Figures and the command are in BENCHMARKS.md ("Setup generation").

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use stratagem::ai::rng_from_seed;
use stratagem::ai::setupgen::invincible::{
    self as setup, THESIS_N, best_of, fully_random, generate, score, semi_random,
};
use stratagem::rules::Variant;

fn bench(c: &mut Criterion) {
    // Parse the embedded statistics outside the timed loops (done once per process).
    black_box(generate(Variant::Classic, 1, &mut rng_from_seed(0)));
    black_box(generate(Variant::Barrage, 1, &mut rng_from_seed(0)));

    let mut g = c.benchmark_group("setupgen");
    let mut rng = rng_from_seed(1);
    g.bench_function("fully_random", |b| b.iter(|| black_box(fully_random(&mut rng))));
    g.bench_function("semi_random", |b| b.iter(|| black_box(semi_random(&mut rng))));
    let fixed = semi_random(&mut rng_from_seed(2));
    g.bench_function("score", |b| b.iter(|| black_box(score(black_box(&fixed)))));
    g.bench_function("best_of_50_random", |b| b.iter(|| black_box(best_of(50, &mut rng, fully_random))));
    g.bench_function("best_of_20_semi_random", |b| b.iter(|| black_box(best_of(20, &mut rng, semi_random))));
    g.bench_function("generate_classic_n50", |b| b.iter(|| black_box(generate(Variant::Classic, THESIS_N, &mut rng))));
    g.bench_function("generate_barrage", |b| b.iter(|| black_box(generate(Variant::Barrage, THESIS_N, &mut rng))));
    g.sample_size(20);
    g.bench_function("best_of_1000_random", |b| b.iter(|| black_box(setup::best_of(1000, &mut rng, fully_random))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

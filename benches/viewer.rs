//! The viewer's preview worker: how long a parameter edit takes to reach a
//! complete new picture (256×256, the default preset) when the worker draws
//! it in bands sized to a per-frame budget, against the whole frame in one
//! submission. This is the latency a user sees after moving a slider.
//!
//! ```sh
//! cargo bench --bench viewer
//! ```

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ropkit::document::Document;
use ropkit::network::Network;
use ropkit::project::Project;
use ropkit::render::Globals;
use ropkit::value::ParamValue;
use ropkit::viewer::worker::{Event, FrameRequest, Job, Worker};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SIZE: u32 = 256;

/// Waits for the last band of a frame that follows revision `generation`.
fn wait_for_picture(worker: &Worker, generation: u64) {
    let mut seen = false;
    loop {
        match worker.events.recv_timeout(Duration::from_secs(120)) {
            Ok(Event::Updated { revision: g, .. }) | Ok(Event::Built { revision: g, .. }) => {
                seen |= g == generation;
            }
            Ok(Event::Rows { complete: true, .. }) if seen => return,
            Ok(Event::Dead(e)) | Ok(Event::RenderFailed(e)) => panic!("{e}"),
            Ok(_) => {}
            Err(e) => panic!("no picture: {e}"),
        }
    }
}

fn bench_edit_latency(c: &mut Criterion) {
    let project = Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let lib = Arc::new(project.load_library());
    let file = project.root.join("presets/default.yaml");
    let net = Network::load(&file, &lib).expect("the default preset loads");
    let request = FrameRequest {
        width: SIZE,
        height: SIZE,
        globals: Globals::default(),
    };
    let mut group = c.benchmark_group("viewer_edit_to_picture_256");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    // 20 ms: the viewer's default budget (bands of rows); 1 s: the whole
    // frame in one submission, as a viewer without bands would draw it.
    for budget_ms in [20u64, 1000] {
        let doc = Document::new(project.clone(), lib.clone(), net.clone());
        let worker = Worker::start(&doc, || {});
        worker.send(Job::Budget(Duration::from_millis(budget_ms)));
        worker.send(Job::Frame(request));
        wait_for_picture(&worker, 1);
        let mut generation = 1;
        let mut radius = 1.0;
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("budget_{budget_ms}ms")),
            &budget_ms,
            |b, _| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        radius = if radius > 1.0 { 0.9 } else { 1.1 };
                        let mut edited = net.clone();
                        edited
                            .set_value(&lib, "/scene/sphere1", "Radius", ParamValue::Float(radius))
                            .unwrap();
                        generation += 1;
                        let t = Instant::now();
                        // As the window sends them: the network, then in
                        // the same frame the request for its picture.
                        worker.send(Job::Revision {
                            net: Box::new(edited),
                            lib: lib.clone(),
                            revision: generation,
                        });
                        worker.send(Job::Frame(request));
                        wait_for_picture(&worker, generation);
                        total += t.elapsed();
                    }
                    total
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_edit_latency);
criterion_main!(benches);

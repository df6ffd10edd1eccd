//! The preview's settled twin: once edits stop, the same network is built
//! again with its parameter values compiled in (`Mode::RenderBaked`), on a
//! thread and a device of its own, and the worker draws with it until the
//! next edit. Edits still only write uniforms (the live build stays
//! loaded), so a slider drags as fast as before; a picture that is only
//! looked at, orbited or animated (the camera and time are globals, not
//! parameters) is drawn at the speed of constants.
//!
//! Why: with a value known, the driver folds it (an unused mirror axis, an
//! identity rotation, a division by a constant go away); with a uniform it
//! cannot, and no layout of the uniforms recovers that (BENCHMARKS.md, "Live
//! against baked"). On lavapipe, networks drew 1.2 to 13 times slower live
//! than baked. The twin takes that away from every frame but the ones
//! drawn while a value changes.

use crate::build::build;
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::project::Project;
use crate::render::{Gpu, Renderer};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

/// How long the values must stay the same before a baked twin is built.
pub const SETTLE: Duration = Duration::from_millis(300);

/// A baked twin, ready to draw: its driver compile is done.
pub struct Baked {
    /// The network and library it was built from: it draws any revision
    /// that [`draws_the_same`] as this one.
    pub net: Network,
    pub lib: Arc<Library>,
    pub renderer: Renderer,
    /// Build, pipeline and the driver's compile, all told.
    pub took: Duration,
}

struct Request {
    net: Network,
    lib: Arc<Library>,
    project: Project,
}

/// The thread that bakes.
pub struct Baker {
    tx: Option<Sender<Request>>,
    done: Receiver<Option<Baked>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The network asked for last and not answered yet.
    pub in_flight: Option<Network>,
}

impl Baker {
    /// Starts the thread (its device is made on the first request).
    pub fn start() -> Baker {
        let (tx, rx) = channel::<Request>();
        let (done_tx, done) = channel();
        let thread = std::thread::Builder::new()
            .stack_size(super::worker::DRIVER_STACK)
            .name("ropkit bake".into())
            .spawn(move || {
                super::worker::lower_priority();
                let mut gpu: Option<Gpu> = None;
                while let Ok(mut req) = rx.recv() {
                    // Only the newest request matters.
                    loop {
                        match rx.try_recv() {
                            Ok(newer) => req = newer,
                            Err(TryRecvError::Empty) => break,
                            Err(TryRecvError::Disconnected) => return,
                        }
                    }
                    let baked = bake(&mut gpu, req);
                    if done_tx.send(baked).is_err() {
                        return;
                    }
                }
            })
            .ok();
        Baker {
            tx: thread.as_ref().map(|_| tx),
            done,
            thread,
            in_flight: None,
        }
    }

    /// Asks for a baked twin of the network.
    pub fn request(&mut self, net: &Network, lib: &Arc<Library>, project: &Project) {
        let Some(tx) = &self.tx else { return };
        let req = Request {
            net: net.clone(),
            lib: lib.clone(),
            project: project.clone(),
        };
        if tx.send(req).is_ok() {
            self.in_flight = Some(net.clone());
        }
    }

    /// A twin that finished since the last call (`Some(None)`: the bake
    /// failed, and the live build goes on being drawn).
    pub fn poll(&mut self) -> Option<Option<Baked>> {
        match self.done.try_recv() {
            Ok(answer) => {
                self.in_flight = None;
                Some(answer)
            }
            Err(TryRecvError::Empty) => None,
            // The thread ended (a panic in a build): no twins from now on,
            // and the one asked for counts as failed.
            Err(TryRecvError::Disconnected) => {
                self.tx = None;
                self.in_flight.take().map(|_| None)
            }
        }
    }
}

impl Drop for Baker {
    fn drop(&mut self) {
        // The thread ends after the bake it is in (never inside the driver
        // when the process exits: see `Worker::stop`).
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Builds, makes the pipeline and draws a few pixels (lavapipe compiles
/// the shader at its first draw), so the worker's first band is not the
/// compile.
fn bake(gpu: &mut Option<Gpu>, req: Request) -> Option<Baked> {
    let t0 = Instant::now();
    let built = build(&req.lib, &req.net, &Mode::RenderBaked.into()).ok()?;
    if gpu.is_none() {
        *gpu = Gpu::headless().ok();
    }
    let mut renderer = Renderer::new(gpu.clone()?);
    renderer.asset_dirs = req.project.asset_dirs(&req.net.file);
    renderer.set_built(&built).ok()?;
    renderer.set_params(&built.shader.param_values(&req.net, &req.lib));
    let t1 = Instant::now();
    renderer.render_image(4, 4).ok()?;
    if std::env::var_os("ROPKIT_DEBUG_FRAMES").is_some() {
        eprintln!(
            "baked twin: build and pipeline {:.0} ms, first draw {:.0} ms",
            (t1 - t0).as_secs_f64() * 1e3,
            t1.elapsed().as_secs_f64() * 1e3
        );
    }
    Some(Baked {
        net: req.net,
        lib: req.lib,
        renderer,
        took: t0.elapsed(),
    })
}

/// Whether two networks draw the same picture: the same output and nodes,
/// each with the same ROP, values and inputs (where a node sits in the
/// editor does not matter).
pub fn draws_the_same(a: &Network, b: &Network) -> bool {
    a.output == b.output
        && a.file == b.file
        && a.nodes.len() == b.nodes.len()
        && a.nodes.iter().zip(&b.nodes).all(|((pa, na), (pb, nb))| {
            pa == pb
                && na.rop == nb.rop
                && na.params == nb.params
                && na.inputs == nb.inputs
                && match (&na.custom, &nb.custom) {
                    (None, None) => true,
                    (Some(x), Some(y)) => Arc::ptr_eq(x, y),
                    _ => false,
                }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::Node;
    use crate::value::ParamValue;

    #[test]
    fn moving_a_node_draws_the_same_and_a_value_or_wire_does_not() {
        let mut a = Network::default();
        let mut s = Node::new("sphere");
        s.params.insert("Radius".into(), ParamValue::Float(1.0));
        a.nodes.insert("/s".into(), s);
        a.nodes.insert("/t".into(), Node::new("transform"));
        a.output = "/t".into();
        let mut b = a.clone();
        b.nodes.get_mut("/s").unwrap().pos = Some([10.0, 20.0]);
        assert!(draws_the_same(&a, &b));
        let mut c = a.clone();
        c.nodes
            .get_mut("/s")
            .unwrap()
            .params
            .insert("Radius".into(), ParamValue::Float(2.0));
        assert!(!draws_the_same(&a, &c));
        let mut d = a.clone();
        d.nodes.get_mut("/t").unwrap().inputs = vec![Some("/s".into())];
        assert!(!draws_the_same(&a, &d));
        let mut e = a.clone();
        e.nodes.insert("/u".into(), Node::new("box"));
        assert!(!draws_the_same(&a, &e));
    }
}

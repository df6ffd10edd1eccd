//! The shapes both programs mesh and sample: each as a Fidget expression
//! tree, as the code of a ropkit custom node, and as an f64 formula that
//! serves as the reference for the error figures.

use fidget::context::Tree;

/// One test shape.
pub struct Shape {
    pub name: &'static str,
    /// "light" or "heavy", as the table groups them.
    pub weight: &'static str,
    /// What the ropkit node promises (`distance:`), `None` for no promise.
    pub distance: Option<&'static str>,
    kind: Kind,
}

enum Kind {
    TorusSphere,
    GyroidShell,
    Spheres(Vec<([f64; 3], f64)>),
}

pub const TORUS_CENTRE: [f64; 3] = [-0.3, 0.05, 0.0];
pub const TORUS_RADII: (f64, f64) = (0.45, 0.18);
pub const SPHERE_CENTRE: [f64; 3] = [0.45, -0.1, 0.1];
pub const SPHERE_RADIUS: f64 = 0.4;
/// Gyroid frequency and sheet half-thickness (raw formula units), and the
/// radius of the ball it is clipped to.
pub const GYROID_K: f64 = 10.0;
pub const GYROID_T: f64 = 0.3;
pub const GYROID_BALL: f64 = 0.85;
pub const SPHERE_COUNT: usize = 48;

pub fn all() -> Vec<Shape> {
    vec![
        Shape {
            name: "torus ∪ sphere",
            weight: "light",
            distance: Some("bound"),
            kind: Kind::TorusSphere,
        },
        Shape {
            name: "gyroid shell (raw formula)",
            weight: "heavy",
            distance: None,
            kind: Kind::GyroidShell,
        },
        Shape {
            name: "48 spheres",
            weight: "heavy",
            distance: Some("bound"),
            kind: Kind::Spheres(sphere_set()),
        },
    ]
}

pub fn by_key(key: &str) -> Option<Shape> {
    all().into_iter().find(|s| s.key() == key)
}

/// Deterministic sphere positions and radii inside the unit ball.
fn sphere_set() -> Vec<([f64; 3], f64)> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..SPHERE_COUNT)
        .map(|_| {
            let c = [0, 1, 2].map(|_| (next() * 2.0 - 1.0) * 0.62);
            let r = 0.08 + 0.14 * next();
            (c, r)
        })
        .collect()
}

fn length3(x: f64, y: f64, z: f64) -> f64 {
    (x * x + y * y + z * z).sqrt()
}

impl Shape {
    /// A file-name friendly key.
    pub fn key(&self) -> &'static str {
        match self.kind {
            Kind::TorusSphere => "torus-sphere",
            Kind::GyroidShell => "gyroid-shell",
            Kind::Spheres(_) => "spheres",
        }
    }

    /// The field in f64 (the reference the errors are measured against).
    pub fn eval(&self, p: [f64; 3]) -> f64 {
        match &self.kind {
            Kind::TorusSphere => self.torus(p).min(self.sphere(p)),
            Kind::GyroidShell => self.sheet(p).max(self.ball(p)),
            Kind::Spheres(set) => set
                .iter()
                .map(|(c, r)| length3(p[0] - c[0], p[1] - c[1], p[2] - c[2]) - r)
                .fold(f64::MAX, f64::min),
        }
    }

    fn torus(&self, p: [f64; 3]) -> f64 {
        let c = TORUS_CENTRE;
        let (big, small) = TORUS_RADII;
        let q = ((p[0] - c[0]).hypot(p[1] - c[1]) - big, p[2] - c[2]);
        q.0.hypot(q.1) - small
    }
    fn sphere(&self, p: [f64; 3]) -> f64 {
        let c = SPHERE_CENTRE;
        length3(p[0] - c[0], p[1] - c[1], p[2] - c[2]) - SPHERE_RADIUS
    }
    fn sheet(&self, p: [f64; 3]) -> f64 {
        let q = p.map(|x| x * GYROID_K);
        let g = q[0].sin() * q[1].cos() + q[1].sin() * q[2].cos() + q[2].sin() * q[0].cos();
        g.abs() - GYROID_T
    }
    fn ball(&self, p: [f64; 3]) -> f64 {
        length3(p[0], p[1], p[2]) - GYROID_BALL
    }

    /// The gradient by central differences.
    pub fn gradient(&self, p: [f64; 3]) -> [f64; 3] {
        let h = 1e-6;
        [0, 1, 2].map(|a| {
            let mut hi = p;
            let mut lo = p;
            hi[a] += h;
            lo[a] -= h;
            (self.eval(hi) - self.eval(lo)) / (2.0 * h)
        })
    }

    /// The first-order distance of `p` from the zero set: f / |grad f| of
    /// each CSG piece, combined as the shape combines them (a raw piece
    /// measured in its own units would make the max of two pieces pick the
    /// wrong one).
    pub fn distance_estimate(&self, p: [f64; 3]) -> f64 {
        let signed = |f: &dyn Fn([f64; 3]) -> f64| {
            let h = 1e-6;
            let g = [0, 1, 2].map(|a| {
                let mut hi = p;
                let mut lo = p;
                hi[a] += h;
                lo[a] -= h;
                (f(hi) - f(lo)) / (2.0 * h)
            });
            f(p) / length3(g[0], g[1], g[2]).max(1e-12)
        };
        match &self.kind {
            Kind::GyroidShell => signed(&|q| self.sheet(q)).max(signed(&|q| self.ball(q))).abs(),
            _ => {
                let g = self.gradient(p);
                self.eval(p).abs() / length3(g[0], g[1], g[2]).max(1e-12)
            }
        }
    }

    /// Whether `p` lies on a crease (two pieces of the CSG within `reach`
    /// of zero), with the distance of each piece estimated to first order.
    pub fn on_crease(&self, p: [f64; 3], reach: f64) -> bool {
        let near = |f: &dyn Fn([f64; 3]) -> f64| {
            let v = f(p);
            let h = 1e-6;
            let g = [0, 1, 2].map(|a| {
                let mut hi = p;
                let mut lo = p;
                hi[a] += h;
                lo[a] -= h;
                (f(hi) - f(lo)) / (2.0 * h)
            });
            v.abs() / length3(g[0], g[1], g[2]).max(1e-12) < reach
        };
        match &self.kind {
            Kind::TorusSphere => near(&|q| self.torus(q)) && near(&|q| self.sphere(q)),
            Kind::GyroidShell => near(&|q| self.sheet(q)) && near(&|q| self.ball(q)),
            Kind::Spheres(set) => {
                set.iter()
                    .filter(|(c, r)| {
                        (length3(p[0] - c[0], p[1] - c[1], p[2] - c[2]) - r).abs() < reach
                    })
                    .count()
                    >= 2
            }
        }
    }

    /// The Fidget expression.
    pub fn tree(&self) -> Tree {
        let (x, y, z) = (Tree::x(), Tree::y(), Tree::z());
        let ball = |c: [f64; 3], r: f64| {
            ((x.clone() - c[0] as f32).square()
                + (y.clone() - c[1] as f32).square()
                + (z.clone() - c[2] as f32).square())
            .sqrt()
                - r as f32
        };
        match &self.kind {
            Kind::TorusSphere => {
                let c = TORUS_CENTRE;
                let (big, small) = TORUS_RADII;
                let ring = ((x.clone() - c[0] as f32).square() + (y.clone() - c[1] as f32).square())
                    .sqrt()
                    - big as f32;
                let torus = (ring.square() + (z.clone() - c[2] as f32).square()).sqrt() - small as f32;
                torus.min(ball(SPHERE_CENTRE, SPHERE_RADIUS))
            }
            Kind::GyroidShell => {
                let k = GYROID_K as f32;
                let (qx, qy, qz) = (x.clone() * k, y.clone() * k, z.clone() * k);
                let g = qx.sin() * qy.cos() + qy.sin() * qz.cos() + qz.sin() * qx.cos();
                let sheet = g.abs() - GYROID_T as f32;
                sheet.max(ball([0.0; 3], GYROID_BALL))
            }
            Kind::Spheres(set) => {
                let mut it = set.iter();
                let (c, r) = it.next().expect("spheres");
                let mut t = ball(*c, *r);
                for (c, r) in it {
                    t = t.min(ball(*c, *r));
                }
                t
            }
        }
    }

    /// The body of the ropkit custom node: the same formula in GLSL.
    pub fn glsl(&self) -> String {
        let body = match &self.kind {
            Kind::TorusSphere => {
                let c = TORUS_CENTRE;
                let (big, small) = TORUS_RADII;
                let s = SPHERE_CENTRE;
                format!(
                    "  vec3 t = p - vec3({:?}, {:?}, {:?});\n  vec2 q = vec2(length(t.xy) - {big:?}, t.z);\n  float torus = length(q) - {small:?};\n  float ball = length(p - vec3({:?}, {:?}, {:?})) - {SPHERE_RADIUS:?};\n  float d = min(torus, ball);\n",
                    c[0], c[1], c[2], s[0], s[1], s[2]
                )
            }
            Kind::GyroidShell => format!(
                "  vec3 q = p * {GYROID_K:?};\n  float g = sin(q.x) * cos(q.y) + sin(q.y) * cos(q.z) + sin(q.z) * cos(q.x);\n  float d = max(abs(g) - {GYROID_T:?}, length(p) - {GYROID_BALL:?});\n"
            ),
            Kind::Spheres(set) => {
                let mut s = String::from("  float d = 1e30;\n");
                for (c, r) in set {
                    s += &format!(
                        "  d = min(d, length(p - vec3({:.6}, {:.6}, {:.6})) - {:.6});\n",
                        c[0], c[1], c[2], r
                    );
                }
                s
            }
        };
        format!("ReturnT thismap(CoordT p, ContextT ctx) {{\n{body}  return createSdf(d);\n}}\n")
    }

    /// A ropkit network holding the shape as one custom node.
    pub fn network_yaml(&self) -> String {
        let mut func = String::new();
        for line in self.glsl().lines() {
            func += "        ";
            func += line;
            func += "\n";
        }
        let distance = self
            .distance
            .map(|d| format!("      distance: {d}\n"))
            .unwrap_or_default();
        format!(
            "output: /render\nnodes:\n  /shape:\n    rop: custom\n    custom:\n      name: compareShape\n      description: The comparison shape {key}.\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n{distance}      function: |\n{func}  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shape }} }}\n",
            key = self.key()
        )
    }
}

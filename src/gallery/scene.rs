//! The standard scene each ROP is shown in: a network (YAML text) chosen by
//! what the ROP returns and takes. A 3D SDF sits on a floor under a lit
//! raymarcher; a 2D SDF or a field goes through render2D; a filter is
//! applied to a standard shape, a combine to two; a material dresses a ball;
//! a camera or a light replaces the standard one; an output draws standard
//! inputs; a float function (and a time field) is drawn as a graph.

use crate::library::{InputDef, RopDef};
use crate::types::{ContextType, CoordType, ReturnType};

/// How a ROP is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// A 3D SDF on the floor of the standard scene.
    Shape3d,
    /// A 2D SDF through render2D.
    Shape2d,
    /// A float or colour field in the plane, through render2D.
    Field2d,
    /// A 3D-only field as the colour of a ball.
    Field3d,
    /// A material on a ball.
    Material,
    /// A layer of modularMaterial (it runs in a material's context), as
    /// the only layer of one on a ball.
    Layer,
    /// The standard scene seen through this camera.
    Camera,
    /// The standard scene lit by this light.
    Light,
    /// The output itself, drawing standard inputs.
    Output,
    /// A float -> float function as a graph.
    Graph,
    /// A time field as a graph of its value over four seconds.
    TimeGraph,
}

impl View {
    /// What the page says about the scene.
    pub fn caption(self) -> &'static str {
        match self {
            View::Shape3d => "3D, on a floor",
            View::Shape2d => "2D, through render2D",
            View::Field2d => "field in the plane",
            View::Field3d => "field on a ball",
            View::Material => "on a ball",
            View::Layer => "the layer of a material on a ball",
            View::Camera => "the standard scene through it",
            View::Light => "the standard scene in its light",
            View::Output => "drawing standard inputs",
            View::Graph => "graph of f(x)",
            View::TimeGraph => "graph over 0..4 s",
        }
    }
}

/// A scene that could not be made for a ROP.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SceneError {
    #[error("no standard scene shows what it returns ({0})")]
    NoView(String),
    #[error("no standard source for its input {input} ({wants})")]
    NoSource { input: String, wants: String },
    #[error("gallery: node {0} is also a node of the standard scene; give it another path")]
    PathTaken(String),
    #[error("gallery: parameter {0} has no socket a source could feed")]
    NoSocket(String),
}

/// The network that shows `def`, as YAML text, and how it shows it. The
/// ROP's `gallery:` block (see [`crate::library::GalleryDef`]) sets its
/// parameters, feeds its inputs and wraps it where the standard scene for
/// its type would say little.
pub fn scene(def: &RopDef) -> Result<(View, String), SceneError> {
    scene_of(def, false).map(|(v, s)| (v, s.expect("a scene with its subject is always made")))
}

/// The same scene without the ROP: its first wired input takes its place
/// (what a thumbnail that shows the ROP doing something must differ
/// from). `None` for a ROP with no input wired in its scene.
pub fn plain_scene(def: &RopDef) -> Result<Option<(View, String)>, SceneError> {
    let (view, yaml) = scene_of(def, true)?;
    Ok(yaml.map(|y| (view, y)))
}

fn scene_of(def: &RopDef, plain: bool) -> Result<(View, Option<String>), SceneError> {
    let view = view(def)?;
    let mut b = Builder {
        plain,
        ..Default::default()
    };
    let Some(subject) = b.subject(def, view)? else {
        return Ok((view, None));
    };
    match view {
        View::Shape3d => {
            // A generator may be endless (a plane, a gyroid, a space-filling
            // fractal): cut every one to a ball that fits the view.
            let subject = if def.category == "sdf" {
                b.add("/bound", "{ rop: sphere, params: { Radius: 2.4 } }");
                b.add(
                    "/bounded",
                    &format!("{{ rop: combine, params: {{ Mode: intersect }}, inputs: [{subject}, /bound] }}"),
                )
            } else {
                subject
            };
            let own = def.gallery.as_ref().is_some_and(|g| g.own_material);
            let dressed = if own {
                subject
            } else {
                b.add(
                    "/subjectMat",
                    &format!("{{ rop: basicMaterial, params: {{ Color: {ORANGE}, Specular: 0.5 }}, inputs: [{subject}] }}"),
                )
            };
            b.standard_3d(&dressed, None, None, false);
        }
        View::Material => b.standard_3d(&subject, None, None, true),
        View::Layer => {
            let ball = b.ball();
            let dressed = b.add(
                "/subjectMat",
                &format!(
                    "{{ rop: modularMaterial, params: {{ Base: 0.0 }}, inputs: {{ shape: {ball}, layer1: {subject} }} }}"
                ),
            );
            // Lit from the side, with the material passes, so that layers
            // of shadow, reflection and refraction have something to show.
            let light = b.add(
                "/light",
                "{ rop: pointLight, params: { Position: [-5, 4, -1] } }",
            );
            b.standard_3d(&dressed, None, Some(&light), true);
        }
        View::Field3d => {
            let ret = pick(&def.return_types, &[ReturnType::Vec4, ReturnType::Float]);
            let ball = b.ball();
            let slot = if ret == Some(ReturnType::Vec4) {
                "color"
            } else {
                "value"
            };
            let dressed = b.add(
                "/subjectMat",
                &format!(
                    "{{ rop: fieldColorMaterial, inputs: {{ shape: {ball}, {slot}: {subject} }} }}"
                ),
            );
            b.standard_3d(&dressed, None, None, false);
        }
        View::Camera => {
            let shapes = b.showcase();
            b.standard_3d(&shapes, Some(&subject), None, false);
        }
        View::Light => {
            let shapes = b.showcase();
            b.standard_3d(&shapes, None, Some(&subject), false);
        }
        View::Shape2d => b.render_2d(&subject),
        View::Field2d => {
            if def.return_types.first() == Some(&ReturnType::Vec4) {
                b.render_2d(&subject);
            } else {
                let coloured = b.colour_of(&subject);
                b.render_2d(&coloured);
            }
        }
        View::Graph | View::TimeGraph => {
            let graph = b.add("/graph", &graph_node(&subject, view == View::TimeGraph));
            b.add(
                "/render",
                &format!("{{ rop: render2D, params: {{ Zoom: {GRAPH_ZOOM}, Center: [0.5, 0.5] }}, inputs: [{graph}] }}"),
            );
        }
        View::Output => {}
    }
    Ok((view, Some(b.finish())))
}

const ORANGE: &str = "[0.9, 0.45, 0.2]";
/// World height render2D shows a graph over (the graph spans 0..1 of it).
const GRAPH_ZOOM: f64 = 1.3;

/// Picks how to show a ROP from what it returns and takes.
pub fn view(def: &RopDef) -> Result<View, SceneError> {
    let ret = |t| def.return_types.contains(&t);
    let coord = |t| def.coord_types.contains(&t);
    let v = if def.is_output() {
        View::Output
    } else if ret(ReturnType::Ray) && !ret(ReturnType::Sdf) {
        // (A filter that also passes cameras and lights through, as
        // iterationSwitch does, is shown on a shape.)
        View::Camera
    } else if ret(ReturnType::Light) && !ret(ReturnType::Sdf) {
        View::Light
    } else if def.is_material() {
        View::Material
    } else if def.context_types == [ContextType::MaterialContext] && ret(ReturnType::Vec4) {
        View::Layer
    } else if ret(ReturnType::Sdf) && coord(CoordType::Vec3) {
        View::Shape3d
    } else if ret(ReturnType::Sdf) && coord(CoordType::Vec2) {
        View::Shape2d
    } else if (def.category == "time" || def.keywords.iter().any(|k| k == "time"))
        && coord(CoordType::Float)
        && !has_required_input(def)
    {
        View::TimeGraph
    } else if def.category == "function" && ret(ReturnType::Float) && coord(CoordType::Float) {
        // A function that also takes points (waveFunction, sumFunction) is
        // shown as what it is first: a curve of x.
        View::Graph
    } else if (ret(ReturnType::Float) || ret(ReturnType::Vec4)) && coord(CoordType::Vec2) {
        View::Field2d
    } else if (ret(ReturnType::Float) || ret(ReturnType::Vec4)) && coord(CoordType::Vec3) {
        View::Field3d
    } else if ret(ReturnType::Float) && coord(CoordType::Float) {
        View::Graph
    } else {
        let types: Vec<_> = def.return_types.iter().map(|t| t.as_str()).collect();
        return Err(SceneError::NoView(types.join(", ")));
    };
    Ok(v)
}

fn has_required_input(def: &RopDef) -> bool {
    declared_inputs(def).any(|i| i.required)
}

/// The inputs a ROP declares (not the sockets of field-driven parameters).
fn declared_inputs(def: &RopDef) -> impl Iterator<Item = &InputDef> {
    def.inputs.iter().filter(|i| i.drives.is_none())
}

fn pick<T: Copy + PartialEq>(have: &[T], prefer: &[T]) -> Option<T> {
    prefer.iter().copied().find(|t| have.contains(t))
}

/// The coordinate and return type the subject runs with in its view.
fn subject_types(def: &RopDef, view: View) -> (CoordType, ReturnType) {
    use CoordType as C;
    use ReturnType as R;
    let coord = match view {
        View::Shape2d | View::Field2d | View::Camera => pick(&def.coord_types, &[C::Vec2]),
        View::Graph | View::TimeGraph => pick(&def.coord_types, &[C::Float]),
        _ => pick(&def.coord_types, &[C::Vec3, C::Vec2, C::Float]),
    };
    let ret = match view {
        View::Shape3d | View::Shape2d | View::Material => Some(R::Sdf),
        View::Camera => Some(R::Ray),
        View::Light => Some(R::Light),
        View::Graph | View::TimeGraph => Some(R::Float),
        // The ball's material takes a colour where the ROP gives one (as
        // the scene wires it), else a value.
        View::Field3d => pick(&def.return_types, &[R::Vec4, R::Float]),
        _ => def.return_types.first().copied(),
    };
    (
        coord.unwrap_or(def.coord_types[0]),
        ret.unwrap_or(def.return_types[0]),
    )
}

/// What the subject is, for the shapes its inputs get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// An output: its scene input gets the showcase on a floor.
    Output,
    /// A material: its shape is a ball.
    Material,
    Plain,
}

fn role(def: &RopDef) -> Role {
    if def.is_output() {
        Role::Output
    } else if def.is_material() {
        Role::Material
    } else {
        Role::Plain
    }
}

/// Collects the nodes of the network, one YAML line each.
#[derive(Default)]
struct Builder {
    /// Making the plain scene: the subject's first wired input stands in
    /// for it.
    plain: bool,
    nodes: Vec<(String, String)>,
    /// Standard sources made so far, by kind, so each gets its own look.
    counts: std::collections::BTreeMap<String, usize>,
}

impl Builder {
    fn add(&mut self, path: &str, node: &str) -> String {
        self.nodes.push((path.to_string(), node.to_string()));
        path.to_string()
    }

    /// A node of a `gallery:` block, whose path must be free.
    fn add_given(&mut self, path: &str, node: &str) -> Result<String, SceneError> {
        if self.nodes.iter().any(|(p, _)| p == path) || path == "/subject" || path == "/render" {
            return Err(SceneError::PathTaken(path.to_string()));
        }
        Ok(self.add(path, node))
    }

    fn finish(self) -> String {
        let mut out =
            String::from("# A gallery scene (ropkit gallery).\noutput: /render\nnodes:\n");
        for (path, node) in self.nodes {
            out.push_str(&format!("  {path}: {node}\n"));
        }
        out
    }

    /// The ROP itself, its inputs wired to standard sources or to those
    /// its `gallery:` block gives. In a plain scene, the first wired input
    /// instead (`None` when there is none).
    fn subject(&mut self, def: &RopDef, view: View) -> Result<Option<String>, SceneError> {
        let (coord, ret) = subject_types(def, view);
        let gallery = def.gallery.clone().unwrap_or_default();
        let given = |name: &str| {
            gallery
                .sources
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, nodes)| nodes)
        };
        // Input slots, positional: declared inputs first, then the sockets
        // of parameters a gallery source feeds.
        let mut inputs: Vec<String> = Vec::new();
        let declared: Vec<&InputDef> = declared_inputs(def).collect();
        let wire_optional = view == View::Output || def.category == "combine";
        for (i, input) in declared.iter().enumerate() {
            let unwired = gallery.unwired.contains(&input.name);
            let wanted = input.required
                || given(&input.name).is_some()
                || (wire_optional && input.name != "background" && !unwired)
                // A switch on the iteration shows two inputs, not one.
                || (i == 1 && declared[0].name.starts_with("input") && input.name.starts_with("input"));
            if !wanted {
                inputs.push("null".into());
                continue;
            }
            let src = match given(&input.name) {
                Some(nodes) => self.add_nodes(nodes)?,
                None => self.source(input, coord, ret, role(def))?,
            };
            inputs.push(src);
        }
        // A variadic ROP gets three inputs of its one kind.
        if def.variadic
            && !def.is_output()
            && declared.len() == 1
            && given(&declared[0].name).is_none()
        {
            let input = declared[0];
            inputs = (0..3)
                .map(|_| self.source(input, coord, ret, Role::Plain))
                .collect::<Result<_, _>>()?;
        }
        // The first wired input, where it is of the subject's own kind (a
        // filter's input; not a converter's).
        let first_wired = inputs
            .iter()
            .zip(&declared)
            .find(|(s, _)| *s != "null")
            .filter(|(_, i)| {
                i.coord_types.as_ref().is_none_or(|c| c.contains(&coord))
                    && i.return_types.as_ref().is_none_or(|r| r.contains(&ret))
            })
            .map(|(s, _)| s.clone());
        // Parameters' sockets a gallery source feeds, wired by name.
        let mut sockets: Vec<(String, String)> = Vec::new();
        for (name, nodes) in &gallery.sources {
            if declared.iter().any(|i| &i.name == name) {
                continue;
            }
            if def.driving_slot(name).is_none() {
                return Err(SceneError::NoSocket(name.clone()));
            }
            sockets.push((name.clone(), self.add_nodes(nodes)?));
        }
        while inputs.last().is_some_and(|s| s == "null") {
            inputs.pop();
        }
        let path = if def.is_output() {
            "/render"
        } else {
            "/subject"
        };
        let mut subject = if self.plain {
            match first_wired {
                Some(input) if !def.is_output() => input,
                _ => return Ok(None),
            }
        } else {
            let inputs = if !sockets.is_empty() {
                // By name: declared inputs by their position's name, then
                // the sockets.
                let mut named: Vec<String> = inputs
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| *s != "null")
                    .map(|(i, s)| format!("{}: {s}", declared[i].name))
                    .collect();
                named.extend(sockets.iter().map(|(n, s)| format!("{n}: {s}")));
                format!(", inputs: {{ {} }}", named.join(", "))
            } else if inputs.is_empty() {
                String::new()
            } else {
                format!(", inputs: [{}]", inputs.join(", "))
            };
            let mut params: Vec<String> = Vec::new();
            if def.is_output() && def.params.iter().any(|p| p.name == "AA") {
                params.push("AA: 1".into());
            }
            for (name, value) in &gallery.params {
                params.retain(|p| !p.starts_with(&format!("{name}:")));
                params.push(format!("{name}: {value}"));
            }
            let params = if params.is_empty() {
                String::new()
            } else {
                format!(", params: {{ {} }}", params.join(", "))
            };
            self.add(path, &format!("{{ rop: {}{params}{inputs} }}", def.name))
        };
        if let Some((first, _)) = gallery.wrap.first() {
            for (p, n) in &gallery.wrap {
                self.add_given(p, &replace_word(n, "SUBJECT", &subject))?;
            }
            subject = first.clone();
        }
        Ok(Some(subject))
    }

    /// The nodes of one gallery source, in order; the last one feeds.
    fn add_nodes(&mut self, nodes: &[(String, String)]) -> Result<String, SceneError> {
        let mut last = String::from("null");
        for (p, n) in nodes {
            last = self.add_given(p, n)?;
        }
        Ok(last)
    }

    /// A standard node for an input of the subject, which runs with
    /// `coord` and returns `ret` in its view.
    fn source(
        &mut self,
        input: &InputDef,
        coord: CoordType,
        ret: ReturnType,
        role: Role,
    ) -> Result<String, SceneError> {
        use CoordType as C;
        use ReturnType as R;
        let coords = input.coord_types.clone().unwrap_or_else(|| vec![coord]);
        let rets = input.return_types.clone().unwrap_or_else(|| vec![ret]);
        let c = if coords.contains(&coord) {
            coord
        } else {
            coords[0]
        };
        let r = pick(&rets, &[R::Sdf, R::Float, R::Vec4, R::Light, R::Ray]).unwrap_or(rets[0]);
        let n = {
            let k = self.counts.entry(format!("{c}{r}")).or_default();
            *k += 1;
            *k - 1
        };
        let name = |base: &str| format!("/{}{}", base, n + 1);
        let node = match (c, r) {
            (C::Vec3, R::Sdf) if role == Role::Output => return Ok(self.showcase_with_floor()),
            (C::Vec3, R::Sdf) if role == Role::Material => return Ok(self.ball()),
            (C::Vec3, R::Sdf) => match n % 3 {
                0 => {
                    "{ rop: roundBox, params: { Size: [1.1, 1.1, 1.1], Radius: 0.1, Translate: [0.35, 0, 0.25] } }"
                }
                1 => "{ rop: sphere, params: { Radius: 0.8, Translate: [0.65, 0.45, 0.45] } }",
                _ => "{ rop: torus, params: { Translate: [-0.5, 0.2, -0.4] } }",
            },
            (C::Vec2, R::Sdf) => match n % 3 {
                0 => "{ rop: star, params: { Radius: 0.8 } }",
                1 => "{ rop: circle, params: { Radius: 0.55, Translate: [0.55, 0.35] } }",
                _ => "{ rop: rectangle, params: { Size: [0.9, 0.5] } }",
            },
            (C::Float, R::Sdf) => "{ rop: sphere, params: { Radius: 0.6 } }",
            (C::Vec3 | C::Vec2, R::Float) if input.name == "density" => {
                let ball = self.add(
                    &name("densityBall"),
                    "{ rop: sphere, params: { Radius: 1.4 } }",
                );
                return Ok(self.add(
                    &name("density"),
                    &format!("{{ rop: sdfField, params: {{ Mode: mask, Softness: 0.8 }}, inputs: [{ball}] }}"),
                ));
            }
            (C::Vec3 | C::Vec2, R::Float) => match n % 2 {
                0 => "{ rop: fbm, params: { Scale: 1.5 } }",
                _ => "{ rop: voronoi, params: { Scale: 2.0 } }",
            },
            (C::Vec3 | C::Vec2, R::Vec4) => {
                let noise = self.add(&name("colourNoise"), "{ rop: fbm, params: { Scale: 1.2 } }");
                return Ok(self.add(
                    &name("colour"),
                    &format!("{{ rop: colorRamp, params: {{ Mode: palette, Range: [-0.8, 0.8] }}, inputs: [{noise}] }}"),
                ));
            }
            (C::Float, R::Float) => "{ rop: waveFunction }",
            (C::Vec3, R::Light) => "{ rop: pointLight, params: { Position: [4, 7, 5] } }",
            (C::Vec2, R::Ray) => {
                "{ rop: lookAtCamera, params: { Position: [3.4, 2.6, 4.4], Target: [0, -0.1, 0], Fov: 40 } }"
            }
            _ => {
                return Err(SceneError::NoSource {
                    input: input.name.clone(),
                    wants: format!("{c} -> {r}"),
                });
            }
        };
        Ok(self.add(&name(&format!("src{c}{r}")), node))
    }

    /// A ball for materials and fields to dress.
    fn ball(&mut self) -> String {
        self.add("/ball", "{ rop: sphere, params: { Radius: 1.0 } }")
    }

    /// Two dressed shapes, for cameras and lights to show.
    fn showcase(&mut self) -> String {
        self.add(
            "/showBall",
            "{ rop: sphere, params: { Radius: 0.8, Translate: [-0.6, -0.2, 0.2] } }",
        );
        self.add("/showBox", "{ rop: roundBox, params: { Size: [1.1, 1.1, 1.1], Radius: 0.08, Translate: [0.8, -0.45, -0.3] } }");
        self.add("/showRed", &format!("{{ rop: basicMaterial, params: {{ Color: {ORANGE}, Specular: 0.5 }}, inputs: [/showBall] }}"));
        self.add("/showBlue", "{ rop: basicMaterial, params: { Color: [0.2, 0.45, 0.85], Specular: 0.5 }, inputs: [/showBox] }");
        self.add(
            "/showcase",
            "{ rop: combine, params: { Mode: union }, inputs: [/showRed, /showBlue] }",
        )
    }

    /// The showcase on a floor (an output's scene input).
    fn showcase_with_floor(&mut self) -> String {
        let shapes = self.showcase();
        self.floor_under(&shapes)
    }

    fn floor_under(&mut self, shapes: &str) -> String {
        self.add("/floor", "{ rop: plane, params: { Offset: -1.0 } }");
        self.add(
            "/floorMat",
            "{ rop: basicMaterial, params: { Color: [0.62, 0.64, 0.68] }, inputs: [/floor] }",
        );
        self.add(
            "/scene",
            &format!(
                "{{ rop: combine, params: {{ Mode: union }}, inputs: [{shapes}, /floorMat] }}"
            ),
        )
    }

    /// The standard 3D scene around `shapes`: a floor, a camera, a light
    /// (or the given ones), a raymarcher.
    fn standard_3d(
        &mut self,
        shapes: &str,
        camera: Option<&str>,
        light: Option<&str>,
        material: bool,
    ) {
        let scene = self.floor_under(shapes);
        let camera = match camera {
            Some(c) => c.to_string(),
            None => self.add(
                "/cam",
                "{ rop: lookAtCamera, params: { Position: [3.0, 2.3, 3.9], Target: [0, -0.15, 0], Fov: 40 } }",
            ),
        };
        let light = match light {
            Some(l) => l.to_string(),
            None => self.add(
                "/light",
                "{ rop: pointLight, params: { Position: [4, 7, 5] } }",
            ),
        };
        let passes = if material {
            ", Reflections: 1, Refractions: 2"
        } else {
            ""
        };
        self.add(
            "/render",
            &format!(
                "{{ rop: raymarchRender3D, params: {{ AA: 1, MaxSteps: 100, MaxDist: 80{passes} }}, \
                 inputs: {{ scene: {scene}, camera: {camera}, light: {light} }} }}"
            ),
        );
    }

    /// A float field as colours.
    fn colour_of(&mut self, field: &str) -> String {
        self.add(
            "/colour",
            &format!("{{ rop: colorRamp, params: {{ Range: [-1, 1] }}, inputs: [{field}] }}"),
        )
    }

    fn render_2d(&mut self, field: &str) {
        self.add(
            "/render",
            &format!("{{ rop: render2D, params: {{ Zoom: 3.0 }}, inputs: [{field}] }}"),
        );
    }
}

/// `text` with the word `word` (not part of a longer name) replaced.
fn replace_word(text: &str, word: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if part(before) || part(after) {
            word
        } else {
            with
        });
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

/// A custom node that draws its float -> float input as a curve over x in
/// 0..1 (seconds 0..4 in time mode, where the input is evaluated at the
/// time x instead of at the clock), scaled to the curve's own range, with
/// the axes and the unit box.
fn graph_node(input: &str, time: bool) -> String {
    let (libraries, eval) = if time {
        (
            "[timeshift]",
            "float oldScale = rkTimeScale; float oldShift = rkTimeShift; \
             rkTimeScale = 0.0; rkTimeShift = 4.0 * x; float y = inputOp1(0.0, ctx); \
             rkTimeScale = oldScale; rkTimeShift = oldShift; return y;",
        )
    } else {
        ("[]", "return inputOp1(x, ctx);")
    };
    let code = format!(
        "float THIS_f(float x, Context ctx) {{ {eval} }}\n\
         vec4 thismap(vec2 p, Context ctx) {{\n\
         \x20 // The curve's range over 0..1, from samples, so any function fills the box.\n\
         \x20 float lo = 1e9; float hi = -1e9;\n\
         \x20 for (int i = 0; i <= 48; i++) {{ float v = THIS_f(float(i) / 48.0, ctx); lo = min(lo, v); hi = max(hi, v); }}\n\
         \x20 if (hi - lo < 1e-4) {{ lo -= 0.5; hi += 0.5; }}\n\
         \x20 float span = hi - lo;\n\
         \x20 float px = {GRAPH_ZOOM} / rk_resolution.y;\n\
         \x20 float y = (THIS_f(p.x, ctx) - lo) / span;\n\
         \x20 float dy = (THIS_f(p.x + px, ctx) - THIS_f(p.x - px, ctx)) / (2.0 * px * span);\n\
         \x20 float d = abs(p.y - y) / sqrt(1.0 + dy * dy);\n\
         \x20 vec3 col = vec3(0.09, 0.1, 0.13);\n\
         \x20 vec2 box = abs(p - 0.5) - 0.5;\n\
         \x20 if (max(box.x, box.y) < 0.0) col = vec3(0.13, 0.14, 0.18);\n\
         \x20 float zero = (0.0 - lo) / span;\n\
         \x20 col = mix(col, vec3(0.35), 1.0 - smoothstep(0.0, px, abs(p.y - zero)));\n\
         \x20 col = mix(col, vec3(0.35), 1.0 - smoothstep(0.0, px, abs(p.x)));\n\
         \x20 col = mix(col, vec3(1.0, 0.62, 0.25), 1.0 - smoothstep(0.5 * px, 1.8 * px, d));\n\
         \x20 return vec4(col, 1.0);\n\
         }}\n"
    );
    let code_yaml: String = code.lines().map(|l| format!("\n        {l}")).collect();
    format!(
        "\n    rop: custom\n    custom:\n      name: graph\n      description: Draws its input as a curve.\n\
         \x20     coordTypes: [vec2]\n      returnTypes: [vec4]\n      contextTypes: [Context]\n\
         \x20     libraries: {libraries}\n\
         \x20     inputs:\n        - {{ name: f, label: F, coordTypes: [float], returnTypes: [float], contextTypes: [Context], required: true }}\n\
         \x20     function: |{code_yaml}\n    inputs: [{input}]"
    )
}

//! Expressions: each becomes one text per leaf of its type; a pointer
//! becomes the places (variables, or run-time choices among them) it names.

use super::stmt::Func;
use super::syntax::Lod;
use super::{Cx, GlobalKind, LeafTy, Result, unsupported};
use naga::{Expression as E, Handle, TypeInner};

/// Where one leaf of a pointer lives.
#[derive(Debug, Clone)]
pub(super) enum Spot {
    /// A variable, or a part of one (`v_p.x`).
    Fixed(String),
    /// One of `options`, chosen by `index` at run time.
    Chosen { index: String, options: Vec<String> },
}

/// A constant expression of `arena` (the module's global expressions, or a
/// function's own), as text per leaf.
pub(super) fn constant(
    cx: &Cx,
    arena: &naga::Arena<naga::Expression>,
    h: Handle<naga::Expression>,
) -> Result<Vec<String>> {
    Ok(match arena[h] {
        E::Literal(l) => vec![literal(cx, l)?],
        E::Constant(c) => constant(
            cx,
            &cx.module.global_expressions,
            cx.module.constants[c].init,
        )?,
        E::ZeroValue(ty) => cx.zero(ty)?,
        E::Compose { ty, ref components } => {
            let mut parts = Vec::new();
            for c in components {
                parts.push(constant(cx, arena, *c)?);
            }
            compose(cx, ty, parts)?
        }
        E::Splat { size, value } => {
            let v = constant(cx, arena, value)?;
            let scalar = match arena[value] {
                E::Literal(l) => l.scalar(),
                _ => naga::Scalar::F32,
            };
            vec![splat(cx, LeafTy::Vector(size, scalar), &v[0])]
        }
        ref other => return unsupported(format!("the constant expression {other:?}")),
    })
}

fn literal(cx: &Cx, l: naga::Literal) -> Result<String> {
    Ok(match l {
        naga::Literal::F32(v) => cx.syntax.float_literal(v),
        naga::Literal::I32(v) => {
            if v == i32::MIN {
                format!("({} - 1)", v + 1)
            } else {
                v.to_string()
            }
        }
        naga::Literal::U32(v) => cx.uint_literal(v as u64),
        naga::Literal::Bool(b) => b.to_string(),
        other => return unsupported(format!("the literal {other:?} (only 32-bit values)")),
    })
}

/// A composite from its components' leaves.
fn compose(cx: &Cx, ty: Handle<naga::Type>, parts: Vec<Vec<String>>) -> Result<Vec<String>> {
    Ok(match cx.module.types[ty].inner {
        TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
            let name = cx.type_name(cx.leaves(ty)?[0].ty);
            let args: Vec<String> = parts.into_iter().flatten().collect();
            vec![format!("{name}({})", args.join(", "))]
        }
        _ => parts.into_iter().flatten().collect(),
    })
}

fn splat(cx: &Cx, ty: LeafTy, v: &str) -> String {
    cx.syntax.convert(&cx.type_name(ty), v)
}

/// `text` as an operand that a suffix (`.x`, `[i]`) may follow.
fn operand(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        text.to_string()
    } else {
        format!("({text})")
    }
}

const COMPONENTS: [&str; 4] = ["x", "y", "z", "w"];

impl Func<'_> {
    /// The leaf types of an expression's value (or of what a pointer points to).
    pub(super) fn leaf_types(&self, h: Handle<naga::Expression>) -> Result<Vec<LeafTy>> {
        let types = &self.cx.module.types;
        match self.info[h].ty {
            naga::proc::TypeResolution::Handle(t) => match types[t].inner {
                TypeInner::Pointer { base, .. } => {
                    Ok(self.cx.leaves(base)?.into_iter().map(|l| l.ty).collect())
                }
                TypeInner::Struct { .. } | TypeInner::Array { .. } => {
                    Ok(self.cx.leaves(t)?.into_iter().map(|l| l.ty).collect())
                }
                ref inner => self.inner_leaves(inner),
            },
            naga::proc::TypeResolution::Value(ref inner) => self.inner_leaves(inner),
        }
    }

    fn inner_leaves(&self, inner: &TypeInner) -> Result<Vec<LeafTy>> {
        Ok(match *inner {
            TypeInner::Scalar(s) => vec![LeafTy::Scalar(s)],
            TypeInner::Vector { size, scalar } => vec![LeafTy::Vector(size, scalar)],
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => vec![LeafTy::Matrix(columns, rows, scalar)],
            TypeInner::Pointer { base, .. } => {
                self.cx.leaves(base)?.into_iter().map(|l| l.ty).collect()
            }
            TypeInner::ValuePointer {
                size: Some(size),
                scalar,
                ..
            } => vec![LeafTy::Vector(size, scalar)],
            TypeInner::ValuePointer {
                size: None, scalar, ..
            } => vec![LeafTy::Scalar(scalar)],
            _ => {
                // Structs and arrays come by handle.
                let ty = self.cx.module.types.iter().find(|(_, t)| t.inner == *inner);
                match ty {
                    Some((t, _)) => self.cx.leaves(t)?.into_iter().map(|l| l.ty).collect(),
                    None => return unsupported(format!("a value of type {inner:?}")),
                }
            }
        })
    }

    /// The type a pointer points to (or the value's own type).
    fn pointee(&self, h: Handle<naga::Expression>) -> &TypeInner {
        let types = &self.cx.module.types;
        match *self.info[h].ty.inner_with(types) {
            TypeInner::Pointer { base, .. } => &types[base].inner,
            ref other => other,
        }
    }

    fn is_pointer(&self, h: Handle<naga::Expression>) -> bool {
        matches!(
            self.info[h].ty.inner_with(&self.cx.module.types),
            TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. }
        )
    }

    /// Leaves of one element of an array type, and the element count.
    fn element_leaves(&self, inner: &TypeInner) -> Result<(usize, usize)> {
        match *inner {
            TypeInner::Array {
                base,
                size: naga::ArraySize::Constant(n),
                ..
            } => Ok((self.cx.leaves(base)?.len(), n.get() as usize)),
            _ => unsupported("indexing something that is not an array"),
        }
    }

    /// The leaf range of member `index` of a struct type.
    fn member_range(&self, inner: &TypeInner, index: u32) -> Result<std::ops::Range<usize>> {
        let TypeInner::Struct { ref members, .. } = *inner else {
            return unsupported("a member of something that is not a struct");
        };
        let mut start = 0;
        for (i, m) in members.iter().enumerate() {
            let n = self.cx.leaves(m.ty)?.len();
            if i as u32 == index {
                return Ok(start..start + n);
            }
            start += n;
        }
        unsupported("a struct member past the last")
    }

    /// The places a pointer expression names.
    pub(super) fn place(&mut self, h: Handle<naga::Expression>) -> Result<Vec<Spot>> {
        let fixed = |v: &[String]| v.iter().cloned().map(Spot::Fixed).collect();
        Ok(match self.func.expressions[h] {
            E::LocalVariable(l) => fixed(&self.locals[&l]),
            E::FunctionArgument(i) => fixed(&self.args[i as usize]),
            E::GlobalVariable(g) => match &self.cx.globals[&g] {
                GlobalKind::Everywhere(v) => fixed(v),
                GlobalKind::Carried { .. } => fixed(&self.carried[&g]),
                _ => return unsupported("a pointer to a texture"),
            },
            E::AccessIndex { base, index } => {
                let spots = self.place(base)?;
                let inner = self.pointee(base).clone();
                match inner {
                    TypeInner::Struct { .. } => spots[self.member_range(&inner, index)?].to_vec(),
                    TypeInner::Array { .. } => {
                        let (k, _) = self.element_leaves(&inner)?;
                        let at = index as usize * k;
                        spots[at..at + k].to_vec()
                    }
                    TypeInner::Vector { .. } => {
                        vec![map_spot(&spots[0], |s| {
                            format!("{s}.{}", COMPONENTS[index as usize])
                        })]
                    }
                    TypeInner::Matrix { .. } => {
                        vec![map_spot(&spots[0], |s| format!("{s}[{index}]"))]
                    }
                    ref other => return unsupported(format!("a part of {other:?}")),
                }
            }
            E::Access { base, index } => {
                let spots = self.place(base)?;
                let i = self.value(index)?.remove(0);
                let inner = self.pointee(base).clone();
                let fixed_names = |spots: &[Spot]| -> Result<Vec<String>> {
                    spots
                        .iter()
                        .map(|s| match s {
                            Spot::Fixed(s) => Ok(s.clone()),
                            Spot::Chosen { .. } => {
                                unsupported("an array indexed at run time inside another")
                            }
                        })
                        .collect()
                };
                match inner {
                    TypeInner::Array { .. } => {
                        let (k, n) = self.element_leaves(&inner)?;
                        let names = fixed_names(&spots)?;
                        (0..k)
                            .map(|j| Spot::Chosen {
                                index: i.clone(),
                                options: (0..n).map(|e| names[e * k + j].clone()).collect(),
                            })
                            .collect()
                    }
                    TypeInner::Vector { size, .. } | TypeInner::Matrix { columns: size, .. } => {
                        let name = fixed_names(&spots)?.remove(0);
                        let vector = matches!(inner, TypeInner::Vector { .. });
                        if self.cx.syntax.dynamic_vector_index() {
                            vec![Spot::Fixed(format!("{name}[{i}]"))]
                        } else {
                            vec![Spot::Chosen {
                                index: i,
                                options: (0..size as usize)
                                    .map(|c| {
                                        if vector {
                                            format!("{name}.{}", COMPONENTS[c])
                                        } else {
                                            format!("{name}[{c}]")
                                        }
                                    })
                                    .collect(),
                            }]
                        }
                    }
                    ref other => return unsupported(format!("indexing {other:?}")),
                }
            }
            ref other => return unsupported(format!("a pointer from {other:?}")),
        })
    }

    /// A run-time choice: `index == 0 ? o0 : (index == 1 ? o1 : ...)`.
    fn choose(&self, index: &str, options: &[String]) -> String {
        let mut text = options.last().cloned().unwrap_or_default();
        for (k, o) in options.iter().enumerate().rev().skip(1) {
            text = format!("({index} == {k} ? {o} : {text})");
        }
        text
    }

    pub(super) fn read(&self, spot: &Spot) -> String {
        match spot {
            Spot::Fixed(s) => s.clone(),
            Spot::Chosen { index, options } => self.choose(&format!("int({index})"), options),
        }
    }

    /// The value of an expression, one text per leaf.
    pub(super) fn value(&mut self, h: Handle<naga::Expression>) -> Result<Vec<String>> {
        if let Some(v) = self.values.get(&h) {
            return Ok(v.clone());
        }
        let cx = self.cx;
        let syntax = cx.syntax;
        let one = |s: String| Ok(vec![s]);
        match self.func.expressions[h] {
            E::Literal(_) | E::Constant(_) | E::ZeroValue(_) => {
                constant(cx, &self.func.expressions, h)
            }
            E::Compose { ty, ref components } => {
                let mut parts = Vec::new();
                for c in components.clone() {
                    parts.push(self.value(c)?);
                }
                compose(cx, ty, parts)
            }
            E::Splat { value, .. } => {
                let v = self.value(value)?.remove(0);
                let ty = self.leaf_types(h)?[0];
                one(splat(cx, ty, &v))
            }
            E::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let v = self.value(vector)?.remove(0);
                let p: String = pattern[..size as usize]
                    .iter()
                    .map(|c| COMPONENTS[*c as usize])
                    .collect();
                one(format!("{}.{p}", operand(&v)))
            }
            E::FunctionArgument(i) => Ok(self.args[i as usize].clone()),
            E::GlobalVariable(g) => match &cx.globals[&g] {
                GlobalKind::Texture(t) => one(t.clone()),
                GlobalKind::CarriedTexture { .. } => Ok(self.carried[&g].clone()),
                GlobalKind::Nothing => one(String::new()),
                _ => unsupported("a global used as a value"),
            },
            E::CallResult(_) => match self.values.get(&h) {
                Some(v) => Ok(v.clone()),
                None => unsupported("a call result read before its call"),
            },
            E::Load { pointer } => {
                let spots = self.place(pointer)?;
                Ok(spots.iter().map(|s| self.read(s)).collect())
            }
            E::AccessIndex { base, index } if !self.is_pointer(base) => {
                let v = self.value(base)?;
                let inner = self.pointee(base).clone();
                match inner {
                    TypeInner::Struct { .. } => Ok(v[self.member_range(&inner, index)?].to_vec()),
                    TypeInner::Array { .. } => {
                        let (k, _) = self.element_leaves(&inner)?;
                        let at = index as usize * k;
                        Ok(v[at..at + k].to_vec())
                    }
                    TypeInner::Vector { .. } => {
                        one(format!("{}.{}", operand(&v[0]), COMPONENTS[index as usize]))
                    }
                    _ => one(format!("{}[{index}]", operand(&v[0]))),
                }
            }
            E::Access { base, index } if !self.is_pointer(base) => {
                let v = self.value(base)?;
                let i = format!("int({})", self.value(index)?.remove(0));
                let inner = self.pointee(base).clone();
                match inner {
                    TypeInner::Array { .. } => {
                        let (k, n) = self.element_leaves(&inner)?;
                        Ok((0..k)
                            .map(|j| {
                                let options: Vec<String> =
                                    (0..n).map(|e| v[e * k + j].clone()).collect();
                                self.choose(&i, &options)
                            })
                            .collect())
                    }
                    TypeInner::Vector { size, .. } | TypeInner::Matrix { columns: size, .. } => {
                        let base = operand(&v[0]);
                        if syntax.dynamic_vector_index() {
                            return one(format!("{base}[{i}]"));
                        }
                        let vector = matches!(inner, TypeInner::Vector { .. });
                        let options: Vec<String> = (0..size as usize)
                            .map(|c| {
                                if vector {
                                    format!("{base}.{}", COMPONENTS[c])
                                } else {
                                    format!("{base}[{c}]")
                                }
                            })
                            .collect();
                        one(self.choose(&i, &options))
                    }
                    ref other => unsupported(format!("indexing {other:?}")),
                }
            }
            E::Access { .. } | E::AccessIndex { .. } => {
                // A pointer: read where it points.
                let spots = self.place(h)?;
                Ok(spots.iter().map(|s| self.read(s)).collect())
            }
            E::Unary { op, expr } => {
                let a = self.value(expr)?.remove(0);
                let vector = matches!(self.leaf_types(expr)?[0], LeafTy::Vector(..));
                one(match op {
                    naga::UnaryOperator::Negate => format!("(-{})", operand(&a)),
                    naga::UnaryOperator::LogicalNot if vector => syntax.vector_not(&a),
                    naga::UnaryOperator::LogicalNot => format!("(!{})", operand(&a)),
                    naga::UnaryOperator::BitwiseNot => format!("(~{})", operand(&a)),
                })
            }
            E::Binary { op, left, right } => {
                let (a, b) = (self.value(left)?.remove(0), self.value(right)?.remove(0));
                let (lt, rt) = (self.leaf_types(left)?[0], self.leaf_types(right)?[0]);
                one(self.binary(op, &a, &b, lt, rt)?)
            }
            E::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.value(condition)?.remove(0);
                let (a, b) = (self.value(accept)?, self.value(reject)?);
                let vector = matches!(self.leaf_types(condition)?[0], LeafTy::Vector(..));
                Ok(a.iter()
                    .zip(&b)
                    .map(|(a, b)| {
                        if vector {
                            syntax.vector_select(&c, a, b)
                        } else {
                            format!("({c} ? {a} : {b})")
                        }
                    })
                    .collect())
            }
            E::Relational { fun, argument } => {
                let a = self.value(argument)?.remove(0);
                let f = match fun {
                    naga::RelationalFunction::All => "all",
                    naga::RelationalFunction::Any => "any",
                    naga::RelationalFunction::IsNan => "isnan",
                    naga::RelationalFunction::IsInf => "isinf",
                };
                one(format!("{f}({a})"))
            }
            E::Derivative { axis, expr, .. } => {
                let a = self.value(expr)?.remove(0);
                let f = match axis {
                    naga::DerivativeAxis::X => syntax.derivative(false),
                    naga::DerivativeAxis::Y => syntax.derivative(true),
                    naga::DerivativeAxis::Width => "fwidth",
                };
                one(format!("{f}({a})"))
            }
            E::As {
                expr,
                kind,
                convert,
            } => {
                let a = self.value(expr)?.remove(0);
                let from = self.leaf_types(expr)?[0];
                let to = self.leaf_types(h)?[0];
                one(self.cast(&a, from, to, kind, convert.is_some())?)
            }
            E::Math {
                fun,
                arg,
                arg1,
                arg2,
                arg3,
            } => {
                let mut args = vec![self.value(arg)?.remove(0)];
                for a in [arg1, arg2, arg3].into_iter().flatten() {
                    args.push(self.value(a)?.remove(0));
                }
                let ty = self.leaf_types(arg)?[0];
                one(super::stmt::math(cx, fun, &args, ty)?)
            }
            E::ImageSample {
                image,
                coordinate,
                level,
                gather: None,
                array_index: None,
                offset: None,
                depth_ref: None,
                ..
            } => {
                let t = self.value(image)?.remove(0);
                let uv = self.value(coordinate)?.remove(0);
                let mut level_value = |e| self.value(e).map(|mut v| v.remove(0));
                one(match level {
                    naga::SampleLevel::Auto => syntax.sample(&t, &uv, Lod::Auto),
                    naga::SampleLevel::Zero => syntax.sample(&t, &uv, Lod::Exact("0.0")),
                    naga::SampleLevel::Exact(l) => {
                        syntax.sample(&t, &uv, Lod::Exact(&level_value(l)?))
                    }
                    naga::SampleLevel::Bias(b) => {
                        syntax.sample(&t, &uv, Lod::Bias(&level_value(b)?))
                    }
                    naga::SampleLevel::Gradient { .. } => {
                        return unsupported("texture sampling with explicit gradients");
                    }
                })
            }
            E::ImageLoad {
                image,
                coordinate,
                array_index: None,
                sample: None,
                level,
            } => {
                let t = self.value(image)?.remove(0);
                let c = self.value(coordinate)?.remove(0);
                let l = match level {
                    Some(l) => self.value(l)?.remove(0),
                    None => "0".into(),
                };
                one(syntax.texel_fetch(&t, &c, &l))
            }
            E::ImageQuery {
                image,
                query: naga::ImageQuery::Size { level },
            } => {
                let t = self.value(image)?.remove(0);
                let l = match level {
                    Some(l) => self.value(l)?.remove(0),
                    None => "0".into(),
                };
                let u = cx.type_name(self.leaf_types(h)?[0]);
                match syntax.texture_size(&u, &t, &l) {
                    Some(text) => one(text),
                    None => unsupported("the expression ImageQuery"),
                }
            }
            ref other => unsupported(format!("the expression {}", expression_name(other))),
        }
    }

    fn binary(
        &self,
        op: naga::BinaryOperator,
        a: &str,
        b: &str,
        lt: LeafTy,
        rt: LeafTy,
    ) -> Result<String> {
        use naga::BinaryOperator as B;
        let syntax = self.cx.syntax;
        let vector = matches!(lt, LeafTy::Vector(..));
        let float = |t: LeafTy| match t {
            LeafTy::Scalar(s) | LeafTy::Vector(_, s) | LeafTy::Matrix(_, _, s) => {
                s.kind == naga::ScalarKind::Float
            }
        };
        let matrix = |t: LeafTy| matches!(t, LeafTy::Matrix(..));
        let compare = |f: &str, o: &str| {
            if vector {
                syntax.vector_compare(f, o, a, b)
            } else {
                format!("({a} {o} {b})")
            }
        };
        Ok(match op {
            B::Add => format!("({a} + {b})"),
            B::Subtract => format!("({a} - {b})"),
            B::Multiply
                if (matrix(lt) || matrix(rt))
                    && !matches!(lt, LeafTy::Scalar(_))
                    && !matches!(rt, LeafTy::Scalar(_)) =>
            {
                syntax.matrix_product(a, b)
            }
            B::Multiply => format!("({a} * {b})"),
            B::Divide => format!("({a} / {b})"),
            B::Modulo if float(lt) => format!("({a} - {b} * trunc({a} / {b}))"),
            B::Modulo => format!("({a} % {b})"),
            B::Equal => compare("equal", "=="),
            B::NotEqual => compare("notEqual", "!="),
            B::Less => compare("lessThan", "<"),
            B::LessEqual => compare("lessThanEqual", "<="),
            B::Greater => compare("greaterThan", ">"),
            B::GreaterEqual => compare("greaterThanEqual", ">="),
            B::And if matches!(lt, LeafTy::Scalar(s) if s.kind == naga::ScalarKind::Bool) => {
                format!("({a} && {b})")
            }
            B::InclusiveOr if matches!(lt, LeafTy::Scalar(s) if s.kind == naga::ScalarKind::Bool) =>
            {
                format!("({a} || {b})")
            }
            B::And => format!("({a} & {b})"),
            B::ExclusiveOr => format!("({a} ^ {b})"),
            B::InclusiveOr => format!("({a} | {b})"),
            B::LogicalAnd => format!("({a} && {b})"),
            B::LogicalOr => format!("({a} || {b})"),
            B::ShiftLeft | B::ShiftRight => {
                // Godot wants both sides of a shift of one kind.
                let scalar = |t: LeafTy| match t {
                    LeafTy::Scalar(s) | LeafTy::Vector(_, s) | LeafTy::Matrix(_, _, s) => s,
                };
                let b = if scalar(lt) == scalar(rt) {
                    b.to_string()
                } else {
                    let to = match rt {
                        LeafTy::Vector(n, _) => LeafTy::Vector(n, scalar(lt)),
                        _ => LeafTy::Scalar(scalar(lt)),
                    };
                    self.cast(b, rt, to, scalar(lt).kind, true)?
                };
                let o = if op == B::ShiftLeft { "<<" } else { ">>" };
                format!("({a} {o} {b})")
            }
        })
    }

    fn cast(
        &self,
        a: &str,
        from: LeafTy,
        to: LeafTy,
        kind: naga::ScalarKind,
        convert: bool,
    ) -> Result<String> {
        let syntax = self.cx.syntax;
        let to_name = self.cx.type_name(to);
        let from_kind = match from {
            LeafTy::Scalar(s) | LeafTy::Vector(_, s) | LeafTy::Matrix(_, _, s) => s.kind,
        };
        if convert || from_kind == kind {
            return Ok(syntax.convert(&to_name, a));
        }
        // Same bits, another kind.
        match syntax.bitcast(from_kind, kind, &to_name, a) {
            Some(text) => Ok(text),
            None => unsupported(format!("reinterpreting {from_kind:?} as {kind:?}")),
        }
    }
}

fn map_spot(spot: &Spot, f: impl Fn(&str) -> String) -> Spot {
    match spot {
        Spot::Fixed(s) => Spot::Fixed(f(s)),
        Spot::Chosen { index, options } => Spot::Chosen {
            index: index.clone(),
            options: options.iter().map(|o| f(o)).collect(),
        },
    }
}

/// The name of an expression kind, for a refusal.
fn expression_name(e: &naga::Expression) -> String {
    let debug = format!("{e:?}");
    debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("?")
        .to_string()
}

//! Walking the tree against an environment.

use super::*;

pub(super) struct Evaluator<'a> {
    pub(super) env: &'a dyn Env,
}

impl Evaluator<'_> {
    pub(super) fn eval(&self, n: &Node) -> Res<Value> {
        let col = n.col;
        match &n.kind {
            Kind::Lit(v) => Ok(v.clone()),
            Kind::EnvName(which) => Ok(self.env_name(*which)),
            Kind::Param(name) => self.param(name, col),
            Kind::List(items) => Ok(Value::List(self.eval_all(items)?)),
            Kind::Call(func, args) => {
                let args = self.eval_all(args)?;
                self.call(*func, args, col)
            }
            Kind::Index(container, index) => {
                let container = self.eval(container)?;
                let index = self.eval(index)?;
                subscript(container, &index, col)
            }
            Kind::Neg(operand) => negate(self.eval(operand)?, col),
            Kind::Pos(operand) => plus(self.eval(operand)?, col),
            Kind::Not(operand) => Ok(Value::Bool(!self.eval(operand)?.truthy())),
            Kind::Bin(op, left, right) => {
                let a = self.eval(left)?;
                let b = self.eval(right)?;
                binary(*op, a, b, col)
            }
            Kind::And(left, right) => {
                let a = self.eval(left)?;
                if a.truthy() { self.eval(right) } else { Ok(a) }
            }
            Kind::Or(left, right) => {
                let a = self.eval(left)?;
                if a.truthy() { Ok(a) } else { self.eval(right) }
            }
            Kind::Compare(first, rest) => self.compare_chain(first, rest),
            Kind::IfElse(cond, then, other) => {
                if self.eval(cond)?.truthy() {
                    self.eval(then)
                } else {
                    self.eval(other)
                }
            }
        }
    }

    pub(super) fn env_name(&self, which: EnvName) -> Value {
        let text = match which {
            EnvName::Coord => self.env.coord_type(),
            EnvName::Context => self.env.context_type(),
            EnvName::Return => self.env.return_type(),
        };
        Value::Str(text.to_string())
    }

    /// `a < b < c`: each operand evaluated at most once, stopping at the
    /// first comparison that fails.
    pub(super) fn compare_chain(&self, first: &Node, rest: &[(CmpOp, usize, Node)]) -> Res<Value> {
        let mut left = self.eval(first)?;
        for (op, op_col, operand) in rest {
            let right = self.eval(operand)?;
            if !compare(*op, &left, &right, *op_col)? {
                return Ok(Value::Bool(false));
            }
            left = right;
        }
        Ok(Value::Bool(true))
    }

    /// Evaluate a list of expressions, keeping their total size bounded.
    pub(super) fn eval_all(&self, nodes: &[Node]) -> Res<Vec<Value>> {
        let mut total = 1usize;
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            let v = self.eval(n)?;
            total = total.saturating_add(weight(&v));
            if total > MAX_SIZE {
                return too_large(n.col);
            }
            out.push(v);
        }
        Ok(out)
    }

    pub(super) fn param(&self, name: &str, col: usize) -> Res<Value> {
        self.env
            .param(name)
            .map_or_else(|| fail(col, format!("unknown parameter '{name}'")), Ok)
    }

    pub(super) fn call(&self, func: Func, mut args: Vec<Value>, col: usize) -> Res<Value> {
        func.check_arity(args.len(), col)?;
        let name = func.name();
        let wrong_type = |v: &Value, wanted: &str| {
            fail(
                col,
                format!(
                    "{name}() argument must be {wanted}, not '{}'",
                    v.type_name()
                ),
            )
        };
        match func {
            Func::Param => match &args[0] {
                Value::Str(s) => self.param(s, col),
                other => wrong_type(other, "a str"),
            },
            Func::HasInput => match &args[0] {
                Value::Int(i) => Ok(Value::Bool(self.env.has_input(*i))),
                Value::Bool(b) => Ok(Value::Bool(self.env.has_input(i64::from(*b)))),
                other => wrong_type(other, "an int"),
            },
            Func::InputSize => match &args[0] {
                Value::Int(i) => Ok(Value::Int(self.env.input_size(*i))),
                Value::Bool(b) => Ok(Value::Int(self.env.input_size(i64::from(*b)))),
                other => wrong_type(other, "an int"),
            },
            Func::Str => Ok(Value::Str(
                args.first().map(Value::to_text).unwrap_or_default(),
            )),
            Func::Bool => Ok(Value::Bool(args.first().is_some_and(Value::truthy))),
            Func::Int => match args.first() {
                None => Ok(Value::Int(0)),
                Some(Value::Int(i)) => Ok(Value::Int(*i)),
                Some(Value::Bool(b)) => Ok(Value::Int(i64::from(*b))),
                Some(Value::Float(f)) => float_to_int(f.trunc(), col),
                Some(Value::Str(s)) => parse_int_text(s, col),
                Some(other) => wrong_type(other, "a string or a number"),
            },
            Func::Float => match args.first() {
                None => Ok(Value::Float(0.0)),
                Some(Value::Int(i)) => Ok(Value::Float(*i as f64)),
                Some(Value::Bool(b)) => Ok(Value::Float(f64::from(u8::from(*b)))),
                Some(Value::Float(f)) => Ok(Value::Float(*f)),
                Some(Value::Str(s)) => parse_float_text(s, col),
                Some(other) => wrong_type(other, "a string or a number"),
            },
            Func::Len => match &args[0] {
                Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
                Value::List(items) => Ok(Value::Int(items.len() as i64)),
                other => fail(
                    col,
                    format!("object of type '{}' has no len()", other.type_name()),
                ),
            },
            Func::Abs => match &args[0] {
                Value::Int(i) => i
                    .checked_abs()
                    .map(Value::Int)
                    .map_or_else(|| overflow(col), Ok),
                Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
                Value::Float(f) => Ok(Value::Float(f.abs())),
                other => fail(
                    col,
                    format!("bad operand type for abs(): '{}'", other.type_name()),
                ),
            },
            Func::Round => {
                let ndigits = match args.get(1) {
                    None | Some(Value::None) => None,
                    Some(Value::Int(n)) => Some(*n),
                    Some(Value::Bool(b)) => Some(i64::from(*b)),
                    Some(other) => {
                        return fail(
                            col,
                            format!(
                                "'{}' object cannot be interpreted as an integer",
                                other.type_name()
                            ),
                        );
                    }
                };
                let x = match &args[0] {
                    Value::Bool(b) => Num::I(i64::from(*b)),
                    Value::Int(i) => Num::I(*i),
                    Value::Float(f) => Num::F(*f),
                    other => {
                        return fail(
                            col,
                            format!("type {} doesn't define __round__ method", other.type_name()),
                        );
                    }
                };
                match (x, ndigits) {
                    (Num::I(i), None) => Ok(Value::Int(i)),
                    (Num::I(i), Some(n)) => round_int(i, n, col).map(Value::Int),
                    (Num::F(f), None) => float_to_int(f.round_ties_even(), col),
                    (Num::F(f), Some(n)) => round_float(f, n, col).map(Value::Float),
                }
            }
            Func::Min | Func::Max => {
                let items = if args.len() == 1 {
                    match args.swap_remove(0) {
                        Value::List(items) => items,
                        Value::Str(s) => s.chars().map(|c| Value::Str(c.to_string())).collect(),
                        other => {
                            return fail(
                                col,
                                format!("'{}' object is not iterable", other.type_name()),
                            );
                        }
                    }
                } else {
                    args
                };
                let (symbol, wanted) = if func == Func::Min {
                    ("<", Ordering::Less)
                } else {
                    (">", Ordering::Greater)
                };
                let mut items = items.into_iter();
                let Some(mut best) = items.next() else {
                    return fail(col, format!("{name}() arg is an empty sequence"));
                };
                for item in items {
                    if py_cmp(&item, &best, symbol, col)? == Some(wanted) {
                        best = item;
                    }
                }
                Ok(best)
            }
        }
    }
}

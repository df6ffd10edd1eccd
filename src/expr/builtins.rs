//! Python semantics of the operators and built-in functions: numbers, comparisons, arithmetic, conversions.

use super::*;

/// A number: bools count as ints, as in Python.
#[derive(Clone, Copy)]
pub(super) enum Num {
    I(i64),
    F(f64),
}

impl Num {
    pub(super) fn of(v: &Value) -> Option<Num> {
        match v {
            Value::Bool(b) => Some(Num::I(i64::from(*b))),
            Value::Int(i) => Some(Num::I(*i)),
            Value::Float(f) => Some(Num::F(*f)),
            _ => None,
        }
    }

    pub(super) fn to_f64(self) -> f64 {
        match self {
            Num::I(i) => i as f64,
            Num::F(f) => f,
        }
    }
}

/// Exact comparison of an int with a float (`None` when the float is NaN).
pub(super) fn cmp_int_float(i: i64, f: f64) -> Option<Ordering> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.is_nan() {
        return None;
    }
    if f >= TWO_63 {
        return Some(Ordering::Less);
    }
    if f < -TWO_63 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    Some(match i.cmp(&(t as i64)) {
        Ordering::Equal => t.partial_cmp(&f)?,
        other => other,
    })
}

pub(super) fn num_cmp(a: Num, b: Num) -> Option<Ordering> {
    match (a, b) {
        (Num::I(x), Num::I(y)) => Some(x.cmp(&y)),
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y),
        (Num::I(x), Num::F(y)) => cmp_int_float(x, y),
        (Num::F(x), Num::I(y)) => cmp_int_float(y, x).map(Ordering::reverse),
    }
}

/// Python `==`.
pub(super) fn py_eq(a: &Value, b: &Value) -> bool {
    if let (Some(x), Some(y)) = (Num::of(a), Num::of(b)) {
        return num_cmp(x, y) == Some(Ordering::Equal);
    }
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| py_eq(p, q))
        }
        _ => false,
    }
}

/// Python ordering; `Ok(None)` when unordered (NaN), an error for
/// incompatible kinds.
pub(super) fn py_cmp(a: &Value, b: &Value, symbol: &str, col: usize) -> Res<Option<Ordering>> {
    if let (Some(x), Some(y)) = (Num::of(a), Num::of(b)) {
        return Ok(num_cmp(x, y));
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(Some(x.cmp(y))),
        (Value::List(x), Value::List(y)) => {
            for (p, q) in x.iter().zip(y) {
                if !py_eq(p, q) {
                    return py_cmp(p, q, symbol, col);
                }
            }
            Ok(Some(x.len().cmp(&y.len())))
        }
        _ => fail(
            col,
            format!(
                "'{symbol}' not supported between instances of '{}' and '{}'",
                a.type_name(),
                b.type_name()
            ),
        ),
    }
}

/// Rough memory weight of a value, for the size cap.
pub(super) fn weight(v: &Value) -> usize {
    match v {
        Value::Str(s) => s.len().saturating_add(1),
        Value::List(items) => weight_all(items).saturating_add(1),
        _ => 1,
    }
}

pub(super) fn weight_all(items: &[Value]) -> usize {
    items
        .iter()
        .fold(0usize, |acc, item| acc.saturating_add(weight(item)))
}

pub(super) fn too_large<T>(col: usize) -> Res<T> {
    fail(col, "result too large")
}

pub(super) fn overflow<T>(col: usize) -> Res<T> {
    fail(col, "integer overflow")
}

pub(super) fn division_by_zero<T>(col: usize) -> Res<T> {
    fail(col, "division by zero")
}

pub(super) fn finite(f: f64, col: usize) -> Res<Value> {
    if f.is_finite() {
        Ok(Value::Float(f))
    } else {
        fail(col, "float result out of range")
    }
}

/// A float that holds an integral value, as an int.
pub(super) fn float_to_int(f: f64, col: usize) -> Res<Value> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.is_nan() {
        return fail(col, "cannot convert float NaN to integer");
    }
    if f.is_infinite() {
        return fail(col, "cannot convert float infinity to integer");
    }
    if !(-TWO_63..TWO_63).contains(&f) {
        return overflow(col);
    }
    Ok(Value::Int(f as i64))
}

/// Python's float `divmod`: (floor quotient, remainder with the divisor's sign).
pub(super) fn float_divmod(x: f64, y: f64) -> (f64, f64) {
    let mut rem = x % y;
    let mut div = (x - rem) / y;
    if rem != 0.0 {
        if (y < 0.0) != (rem < 0.0) {
            rem += y;
            div -= 1.0;
        }
    } else {
        rem = 0.0_f64.copysign(y);
    }
    let floor_div = if div != 0.0 {
        let mut fd = div.floor();
        if div - fd > 0.5 {
            fd += 1.0;
        }
        fd
    } else {
        0.0_f64.copysign(x / y)
    };
    (floor_div, rem)
}

pub(super) fn int_arith(op: BinOp, x: i64, y: i64, col: usize) -> Res<Value> {
    let checked = |r: Option<i64>| r.map(Value::Int).ok_or(()).or_else(|()| overflow(col));
    match op {
        BinOp::Add => checked(x.checked_add(y)),
        BinOp::Sub => checked(x.checked_sub(y)),
        BinOp::Mul => checked(x.checked_mul(y)),
        BinOp::Div => {
            if y == 0 {
                return division_by_zero(col);
            }
            finite(x as f64 / y as f64, col)
        }
        BinOp::FloorDiv => {
            if y == 0 {
                return division_by_zero(col);
            }
            let Some(q) = x.checked_div(y) else {
                return overflow(col);
            };
            let adjust = x % y != 0 && ((x < 0) != (y < 0));
            Ok(Value::Int(if adjust { q - 1 } else { q }))
        }
        BinOp::Mod => {
            if y == 0 {
                return division_by_zero(col);
            }
            let r = x.wrapping_rem(y);
            Ok(Value::Int(if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }))
        }
        BinOp::Pow => {
            if y < 0 {
                if x == 0 {
                    return fail(col, "zero cannot be raised to a negative power");
                }
                return finite((x as f64).powf(y as f64), col);
            }
            match u32::try_from(y) {
                Ok(e) => checked(x.checked_pow(e)),
                Err(_) => match x {
                    0 | 1 => Ok(Value::Int(x)),
                    -1 => Ok(Value::Int(if y % 2 == 0 { 1 } else { -1 })),
                    _ => overflow(col),
                },
            }
        }
    }
}

pub(super) fn float_arith(op: BinOp, x: f64, y: f64, col: usize) -> Res<Value> {
    match op {
        BinOp::Add => finite(x + y, col),
        BinOp::Sub => finite(x - y, col),
        BinOp::Mul => finite(x * y, col),
        BinOp::Div | BinOp::FloorDiv | BinOp::Mod if y == 0.0 => division_by_zero(col),
        BinOp::Div => finite(x / y, col),
        BinOp::FloorDiv => finite(float_divmod(x, y).0, col),
        BinOp::Mod => finite(float_divmod(x, y).1, col),
        BinOp::Pow => {
            if x == 0.0 && y < 0.0 {
                return fail(col, "zero cannot be raised to a negative power");
            }
            if x < 0.0 && y.fract() != 0.0 {
                return fail(
                    col,
                    "negative number cannot be raised to a fractional power",
                );
            }
            finite(x.powf(y), col)
        }
    }
}

/// The repeat count of `str * n` / `list * n`, when `v` is an int or bool.
pub(super) fn repeat_count(v: &Value) -> Option<usize> {
    match v {
        Value::Int(n) => Some(usize::try_from(*n).unwrap_or(if *n < 0 { 0 } else { usize::MAX })),
        Value::Bool(b) => Some(usize::from(*b)),
        _ => None,
    }
}

pub(super) fn binary(op: BinOp, a: Value, b: Value, col: usize) -> Res<Value> {
    match (op, a, b) {
        (BinOp::Add, Value::Str(mut x), Value::Str(y)) => {
            if x.len().saturating_add(y.len()) > MAX_SIZE {
                return too_large(col);
            }
            x.push_str(&y);
            Ok(Value::Str(x))
        }
        (BinOp::Add, Value::List(mut x), Value::List(y)) => {
            if weight_all(&x).saturating_add(weight_all(&y)) >= MAX_SIZE {
                return too_large(col);
            }
            x.extend(y);
            Ok(Value::List(x))
        }
        (BinOp::Mul, Value::Str(s), n) | (BinOp::Mul, n, Value::Str(s))
            if repeat_count(&n).is_some() =>
        {
            let count = repeat_count(&n).unwrap_or(0);
            if s.len().saturating_mul(count) > MAX_SIZE {
                return too_large(col);
            }
            Ok(Value::Str(s.repeat(count)))
        }
        (BinOp::Mul, Value::List(items), n) | (BinOp::Mul, n, Value::List(items))
            if repeat_count(&n).is_some() =>
        {
            let count = repeat_count(&n).unwrap_or(0);
            if items.is_empty() || count == 0 {
                return Ok(Value::List(Vec::new()));
            }
            let each = weight_all(&items);
            if each.saturating_mul(count) > MAX_SIZE {
                return too_large(col);
            }
            let mut out = Vec::with_capacity(items.len() * count);
            for _ in 0..count {
                out.extend(items.iter().cloned());
            }
            Ok(Value::List(out))
        }
        (op, a, b) => match (Num::of(&a), Num::of(&b)) {
            (Some(Num::I(x)), Some(Num::I(y))) => int_arith(op, x, y, col),
            (Some(x), Some(y)) => float_arith(op, x.to_f64(), y.to_f64(), col),
            _ => fail(
                col,
                format!(
                    "unsupported operand types for {}: '{}' and '{}'",
                    op.symbol(),
                    a.type_name(),
                    b.type_name()
                ),
            ),
        },
    }
}

pub(super) fn negate(v: Value, col: usize) -> Res<Value> {
    match v {
        Value::Int(i) => i
            .checked_neg()
            .map_or_else(|| overflow(col), |n| Ok(Value::Int(n))),
        Value::Bool(b) => Ok(Value::Int(-i64::from(b))),
        Value::Float(f) => Ok(Value::Float(-f)),
        other => fail(
            col,
            format!("bad operand type for unary -: '{}'", other.type_name()),
        ),
    }
}

pub(super) fn plus(v: Value, col: usize) -> Res<Value> {
    match v {
        Value::Bool(b) => Ok(Value::Int(i64::from(b))),
        v @ (Value::Int(_) | Value::Float(_)) => Ok(v),
        other => fail(
            col,
            format!("bad operand type for unary +: '{}'", other.type_name()),
        ),
    }
}

pub(super) fn compare(op: CmpOp, a: &Value, b: &Value, col: usize) -> Res<bool> {
    let ordered = |test: fn(Ordering) -> bool| -> Res<bool> {
        Ok(py_cmp(a, b, op.symbol(), col)?.is_some_and(test))
    };
    match op {
        CmpOp::Eq => Ok(py_eq(a, b)),
        CmpOp::Ne => Ok(!py_eq(a, b)),
        CmpOp::Lt => ordered(Ordering::is_lt),
        CmpOp::Le => ordered(Ordering::is_le),
        CmpOp::Gt => ordered(Ordering::is_gt),
        CmpOp::Ge => ordered(Ordering::is_ge),
        CmpOp::In => contains(b, a, col),
        CmpOp::NotIn => contains(b, a, col).map(|found| !found),
        CmpOp::Is => Ok(identical(a, b)),
        CmpOp::IsNot => Ok(!identical(a, b)),
    }
}

pub(super) fn contains(container: &Value, item: &Value, col: usize) -> Res<bool> {
    match (container, item) {
        (Value::List(items), _) => Ok(items.iter().any(|x| py_eq(x, item))),
        (Value::Str(s), Value::Str(sub)) => Ok(s.contains(sub.as_str())),
        (Value::Str(_), other) => fail(
            col,
            format!(
                "'in <string>' requires string as left operand, not {}",
                other.type_name()
            ),
        ),
        (other, _) => fail(
            col,
            format!("argument of type '{}' is not iterable", other.type_name()),
        ),
    }
}

/// `is`: identity for `None` and booleans, type and value for the rest.
pub(super) fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        _ => a.type_name() == b.type_name() && py_eq(a, b),
    }
}

/// Resolve a possibly negative index against a length.
pub(super) fn resolve_index(index: i64, len: usize) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    let i = if index < 0 {
        index.checked_add(len)?
    } else {
        index
    };
    if (0..len).contains(&i) {
        usize::try_from(i).ok()
    } else {
        None
    }
}

pub(super) fn subscript(container: Value, index: &Value, col: usize) -> Res<Value> {
    let what = match &container {
        Value::List(_) => "list",
        Value::Str(_) => "string",
        other => {
            return fail(
                col,
                format!("'{}' object is not subscriptable", other.type_name()),
            );
        }
    };
    let i = match index {
        Value::Int(i) => *i,
        Value::Bool(b) => i64::from(*b),
        other => {
            return fail(
                col,
                format!(
                    "{what} indices must be integers, not '{}'",
                    other.type_name()
                ),
            );
        }
    };
    let out_of_range = || fail(col, format!("{what} index out of range"));
    match container {
        Value::List(mut items) => match resolve_index(i, items.len()) {
            Some(at) => Ok(items.swap_remove(at)),
            None => out_of_range(),
        },
        Value::Str(s) => match resolve_index(i, s.chars().count()).and_then(|at| s.chars().nth(at))
        {
            Some(c) => Ok(Value::Str(c.to_string())),
            None => out_of_range(),
        },
        _ => out_of_range(),
    }
}

/// Python's `round(x, ndigits)` for an int: round half to even at a power of ten.
pub(super) fn round_int(x: i64, ndigits: i64, col: usize) -> Res<i64> {
    if ndigits >= 0 {
        return Ok(x);
    }
    let k = ndigits.unsigned_abs();
    if k > 30 {
        return Ok(0);
    }
    let p = 10i128.pow(k as u32);
    let x = i128::from(x);
    let mut q = x.div_euclid(p);
    let r = x.rem_euclid(p);
    if 2 * r > p || (2 * r == p && q % 2 != 0) {
        q += 1;
    }
    i64::try_from(q * p).or_else(|_| overflow(col))
}

/// Python's `round(x, ndigits)` for a float.
pub(super) fn round_float(x: f64, ndigits: i64, col: usize) -> Res<f64> {
    if !x.is_finite() || ndigits > 330 {
        return Ok(x);
    }
    if ndigits < -330 {
        return Ok(0.0_f64.copysign(x));
    }
    if ndigits >= 0 {
        // Rust formats the exact binary value, rounding ties to even, which is
        // what Python does.
        let text = format!("{:.*}", ndigits as usize, x);
        return Ok(text.parse().unwrap_or(x));
    }
    // Ties are only possible for integral values, which round exactly as ints.
    if x.fract() == 0.0 && x.abs() < 9.0e18 {
        let r = round_int(x as i64, ndigits, col)? as f64;
        return Ok(r.copysign(x));
    }
    let p = 10f64.powi(ndigits.unsigned_abs() as i32);
    Ok(((x / p).round_ties_even() * p).copysign(x))
}

pub(super) fn parse_int_text(s: &str, col: usize) -> Res<Value> {
    let t = s.trim();
    match t.parse::<i64>() {
        Ok(v) => Ok(Value::Int(v)),
        Err(_) => {
            let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                return overflow(col);
            }
            let mut repr = String::new();
            push_str_repr(&mut repr, s);
            fail(
                col,
                format!("invalid literal for int() with base 10: {repr}"),
            )
        }
    }
}

pub(super) fn parse_float_text(s: &str, col: usize) -> Res<Value> {
    let t = s.trim();
    match t.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(Value::Float(f)),
        Ok(_) => fail(col, "float() result is not finite"),
        Err(_) => {
            let mut repr = String::new();
            push_str_repr(&mut repr, s);
            fail(col, format!("could not convert string to float: {repr}"))
        }
    }
}

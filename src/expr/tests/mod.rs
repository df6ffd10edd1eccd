//! The evaluator checked against Python's own results, case by case.

mod builtins_and_limits;
mod language;

use super::*;
use std::collections::HashMap;

pub(super) struct TestEnv {
    params: HashMap<String, Value>,
    inputs: Vec<i64>,
}

impl TestEnv {
    fn new() -> Self {
        let mut params = HashMap::new();
        params.insert("Count".to_string(), Value::Int(1));
        params.insert("Radius".to_string(), Value::Float(0.5));
        params.insert("Mode".to_string(), Value::Str("smooth".to_string()));
        params.insert("Enable".to_string(), Value::Bool(true));
        params.insert(
            "Offsets".to_string(),
            Value::List(vec![Value::Float(0.25), Value::Int(2), Value::Int(-3)]),
        );
        TestEnv {
            params,
            inputs: vec![1, 3],
        }
    }
}

impl Env for TestEnv {
    fn param(&self, name: &str) -> Option<Value> {
        self.params.get(name).cloned()
    }
    fn has_input(&self, index: i64) -> bool {
        self.inputs.contains(&index)
    }
    fn input_size(&self, index: i64) -> i64 {
        if self.has_input(index) { index * 10 } else { 0 }
    }
    fn coord_type(&self) -> &str {
        "vec3"
    }
    fn context_type(&self) -> &str {
        "Context"
    }
    fn return_type(&self) -> &str {
        "Sdf"
    }
}

pub(super) fn ev(src: &str) -> Value {
    match eval(src, &TestEnv::new()) {
        Ok(v) => v,
        Err(e) => panic!("eval({src:?}) failed: {e}"),
    }
}

pub(super) fn ev_err(src: &str) -> ExprError {
    match eval(src, &TestEnv::new()) {
        Ok(v) => panic!("eval({src:?}) should fail but gave {v:?}"),
        Err(e) => e,
    }
}

/// Assert that `src` fails with a message containing `needle` at `column`.
pub(super) fn assert_err(src: &str, needle: &str, column: usize) {
    let e = ev_err(src);
    assert!(
        e.message.contains(needle),
        "eval({src:?}): message {:?} should contain {needle:?}",
        e.message
    );
    assert_eq!(e.column, column, "eval({src:?}): wrong column for {e}");
}

pub(super) fn int(i: i64) -> Value {
    Value::Int(i)
}
pub(super) fn float(f: f64) -> Value {
    Value::Float(f)
}
pub(super) fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}
pub(super) fn list(items: Vec<Value>) -> Value {
    Value::List(items)
}
const T: Value = Value::Bool(true);
const F: Value = Value::Bool(false);

//! Building blocks for purple agents written in Rust (the bundled
//! examples use them): a [`Policy`] picks actions, and [`PolicyAgent`] runs
//! the init/obs protocol around it, one episode per A2A context.

use std::collections::HashMap;
use std::sync::Mutex;

use base64::Engine;
use serde_json::{json, Value};

use crate::a2a::server::Responder;

/// What a purple agent decides.
pub trait Policy: Send + Sync + 'static {
    /// Per-episode state (an RNG, a memory, …).
    type Episode: Send + 'static;

    /// A new episode begins with this task instruction.
    fn start(&self, task_text: &str) -> Self::Episode;

    /// The action payload (`{"type":"action",…}`) for observation `step`,
    /// given the JPEG bytes of the frame.
    fn act(&self, episode: &mut Self::Episode, step: u64, jpeg: &[u8]) -> Value;
}

/// A [`Responder`] that answers init with an ack and obs with the policy's action.
pub struct PolicyAgent<P: Policy> {
    policy: P,
    episodes: Mutex<HashMap<String, P::Episode>>,
}

impl<P: Policy> PolicyAgent<P> {
    pub fn new(policy: P) -> PolicyAgent<P> {
        PolicyAgent {
            policy,
            episodes: Mutex::new(HashMap::new()),
        }
    }
}

impl<P: Policy> Responder for PolicyAgent<P> {
    fn respond(&self, context_id: &str, payload: Value) -> Value {
        let mut episodes = self
            .episodes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match payload.get("type").and_then(Value::as_str) {
            Some("init") => {
                let text = payload
                    .get("text")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                episodes.insert(context_id.to_string(), self.policy.start(text));
                json!({"type": "ack", "success": true, "message": "ready"})
            }
            Some("obs") => {
                let step = payload.get("step").and_then(Value::as_u64).unwrap_or(0);
                let image = payload
                    .get("obs")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let Ok(jpeg) = base64::engine::general_purpose::STANDARD.decode(image) else {
                    return json!({"type": "error", "message": "`obs` is not base64"});
                };
                let episode = episodes
                    .entry(context_id.to_string())
                    .or_insert_with(|| self.policy.start(""));
                self.policy.act(episode, step, &jpeg)
            }
            _ => json!({"type": "error", "message": "expected an `init` or `obs` message"}),
        }
    }
}

/// A stable 64-bit hash (FNV-1a) for deriving per-episode seeds from text;
/// unlike `std`'s hasher it is the same in every process and release.
pub fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Counter;
    impl Policy for Counter {
        type Episode = u64;
        fn start(&self, task_text: &str) -> u64 {
            task_text.len() as u64
        }
        fn act(&self, episode: &mut u64, step: u64, jpeg: &[u8]) -> Value {
            *episode += 1;
            json!({"n": *episode, "step": step, "bytes": jpeg.len()})
        }
    }

    #[test]
    fn runs_init_and_obs_per_context() {
        let agent = PolicyAgent::new(Counter);
        assert_eq!(
            agent.respond("a", json!({"type": "init", "text": "four"}))["type"],
            "ack"
        );
        let obs = json!({"type": "obs", "step": 3, "obs": "AAEC"});
        assert_eq!(
            agent.respond("a", obs.clone()),
            json!({"n": 5, "step": 3, "bytes": 3})
        );
        assert_eq!(agent.respond("b", obs.clone())["n"], 1);
        assert_eq!(
            agent.respond("a", json!({"type": "obs", "obs": "%%"}))["type"],
            "error"
        );
        assert_eq!(
            agent.respond("a", json!({"type": "hello"}))["type"],
            "error"
        );
    }

    #[test]
    fn stable_hash_is_fnv1a() {
        assert_eq!(stable_hash(""), 0xcbf29ce484222325);
        assert_eq!(stable_hash("a"), 0xaf63dc4c8601ec8c);
    }
}

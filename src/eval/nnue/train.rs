//! The trainer: a float copy of the network fitted to packed samples on the CPU, then quantised.
//!
//! Each sample's target, from the side to move's view, blends the game's result and the search's
//! score: `t = wdl * result + (1 - wdl) * sigmoid(score / SCALE)`; the loss is the squared
//! difference between `sigmoid(output + base)` and `t` (the output is in units of [`SCALE`]
//! centipawns; `base` is 0, or a share of the hand-written evaluation's score when the network
//! learns what the terms leave). Forward and backward passes are sparse over the active
//! inputs; a batch is split across rayon's threads, each summing its own gradient, and Adam
//! updates the weights. The learning rate falls by `lr_gamma` every `lr_step` superbatches.
//! Every tenth game (by its index in its file) is held out and its loss reported after each
//! superbatch, when a checkpoint (weights, Adam's moments, the superbatch reached) is written,
//! so that a run stopped at any point resumes where the checkpoint left it.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use super::data::Sample;
use super::{InputMap, Layout, MAX_WEIGHT, Network, QA, QB, SCALE};
use crate::board::Color;

/// What a run does.
#[derive(Clone, Debug)]
pub struct Config {
    pub hidden: usize,
    pub batch: usize,
    /// Batches in a superbatch (a checkpoint and a report after each).
    pub batches: usize,
    pub superbatches: usize,
    pub lr: f32,
    pub lr_gamma: f32,
    pub lr_step: usize,
    /// The result's share of the target.
    pub wdl: f32,
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            hidden: 256,
            batch: 16_384,
            batches: 100,
            superbatches: 40,
            lr: 0.001,
            lr_gamma: 0.3,
            lr_step: 15,
            wdl: 0.3,
            seed: 1,
        }
    }
}

/// The network in floats: an activation of 1.0 is `QA` in the quantised one.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub inputs: usize,
    pub hidden: usize,
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: f32,
}

/// One sample ready for the passes: the active inputs of each view, the target, and what the
/// output is added to (units of [`SCALE`] centipawns: the terms' share for a network trained
/// over them, else 0).
pub struct Example {
    pub us: Vec<u16>,
    pub them: Vec<u16>,
    pub target: f32,
    pub base: f32,
}

impl Example {
    /// The example of `sample` in `map`'s network, with the result's share `wdl`.
    pub fn of(sample: &Sample, map: &InputMap, wdl: f32) -> Example {
        let side = sample.side();
        let mut inputs = Vec::new();
        sample.inputs(map, side, &mut inputs);
        let us = inputs.iter().map(|&i| i as u16).collect();
        sample.inputs(map, side.flip(), &mut inputs);
        let them = inputs.iter().map(|&i| i as u16).collect();
        Example {
            us,
            them,
            target: target(sample, wdl),
            base: 0.0,
        }
    }
}

/// The training target of `sample` from the side to move's view: the result's share `wdl` of
/// the game's result, the rest the sigmoid of the search's score.
pub fn target(sample: &Sample, wdl: f32) -> f32 {
    let white = f32::from(sample.result) / 2.0;
    let score = f32::from(sample.score);
    let (result, score) = if sample.side() == Color::White {
        (white, score)
    } else {
        (1.0 - white, -score)
    };
    wdl * result + (1.0 - wdl) * sigmoid(score / SCALE as f32)
}

/// The loss of an evaluation of `centipawns` (the side to move's view) against `target`, as
/// the network's output is scored (so that another evaluation can be put beside it).
pub fn score_loss(centipawns: i32, target: f32) -> f32 {
    let p = sigmoid(centipawns as f32 / SCALE as f32);
    (p - target) * (p - target)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn crelu(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl FloatNet {
    /// Small random weights (the first layer's scaled to the inputs a position has).
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> FloatNet {
        let mut rng = StdRng::seed_from_u64(seed);
        let a = 1.0 / 32f32.sqrt();
        let b = 1.0 / (2.0 * hidden as f32).sqrt();
        FloatNet {
            inputs,
            hidden,
            w1: (0..inputs * hidden)
                .map(|_| rng.random_range(-a..a))
                .collect(),
            b1: vec![0.0; hidden],
            w2: (0..2 * hidden).map(|_| rng.random_range(-b..b)).collect(),
            b2: 0.0,
        }
    }

    /// The accumulator of one view.
    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &i in inputs {
            let row = &self.w1[usize::from(i) * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The output (units of `SCALE` centipawns) for the two views' inputs.
    pub fn output(&self, us: &[u16], them: &[u16]) -> f32 {
        let mut a = vec![0.0; self.hidden];
        let mut b = vec![0.0; self.hidden];
        self.accumulate(us, &mut a);
        self.accumulate(them, &mut b);
        self.output_of(&a, &b)
    }

    fn output_of(&self, us: &[f32], them: &[f32]) -> f32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let dot = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(&a, &w)| crelu(a) * w).sum()
        };
        dot(us, w_us) + dot(them, w_them) + self.b2
    }

    /// The quantised network for `layout`.
    pub fn quantise(&self, layout: &Layout) -> Result<Network, String> {
        let q = |x: f32, scale: i32| -> i16 {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        Network::new(
            layout.clone(),
            self.hidden,
            self.w1.iter().map(|&w| q(w, QA)).collect(),
            self.b1.iter().map(|&w| q(w, QA)).collect(),
            self.w2.iter().map(|&w| q(w, QB)).collect(),
            (f64::from(self.b2) * f64::from(QA) * f64::from(QB)).round() as i32,
        )
    }
}

/// Gradients (or Adam's moments) of a [`FloatNet`]'s weights, as flat arrays.
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Params {
    fn zeros(inputs: usize, hidden: usize) -> Params {
        Params {
            w1: vec![0.0; inputs * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; 2 * hidden],
            b2: 0.0,
        }
    }

    fn add(&mut self, o: &Params) {
        for (a, b) in self.w1.iter_mut().zip(&o.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&o.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&o.w2) {
            *a += b;
        }
        self.b2 += o.b2;
    }
}

/// The loss of `net` on one example, and its gradient added to `grad`.
fn backprop(net: &FloatNet, ex: &Example, grad: &mut Params, a: &mut [f32], b: &mut [f32]) -> f32 {
    let h = net.hidden;
    net.accumulate(&ex.us, a);
    net.accumulate(&ex.them, b);
    let out = net.output_of(a, b) + ex.base;
    let p = sigmoid(out);
    let err = p - ex.target;
    let d_out = 2.0 * err * p * (1.0 - p);
    grad.b2 += d_out;
    for (view, (acc, inputs)) in [(&*a, &ex.us), (&*b, &ex.them)].into_iter().enumerate() {
        let w2 = &net.w2[view * h..][..h];
        let g2 = &mut grad.w2[view * h..][..h];
        for j in 0..h {
            g2[j] += d_out * crelu(acc[j]);
        }
        for j in 0..h {
            let d = if acc[j] > 0.0 && acc[j] < 1.0 {
                d_out * w2[j]
            } else {
                0.0
            };
            grad.b1[j] += d;
        }
        for &i in inputs.iter() {
            let row = &mut grad.w1[usize::from(i) * h..][..h];
            for j in 0..h {
                if acc[j] > 0.0 && acc[j] < 1.0 {
                    row[j] += d_out * w2[j];
                }
            }
        }
    }
    err * err
}

/// The mean loss of `net` over `examples` (in parallel).
pub fn loss(net: &FloatNet, examples: &[Example]) -> f32 {
    if examples.is_empty() {
        return 0.0;
    }
    let sum: f64 = examples
        .par_iter()
        .map(|ex| {
            let p = sigmoid(net.output(&ex.us, &ex.them) + ex.base);
            f64::from((p - ex.target) * (p - ex.target))
        })
        .sum();
    (sum / examples.len() as f64) as f32
}

/// Adam's state.
#[derive(Clone)]
pub struct Adam {
    m: Params,
    v: Params,
    pub steps: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    pub fn new(net: &FloatNet) -> Adam {
        Adam {
            m: Params::zeros(net.inputs, net.hidden),
            v: Params::zeros(net.inputs, net.hidden),
            steps: 0,
        }
    }

    fn step(&mut self, net: &mut FloatNet, grad: &Params, lr: f32, scale: f32) {
        self.steps += 1;
        let t = self.steps as i32;
        let lr_t = lr * (1.0 - BETA2.powi(t)).sqrt() / (1.0 - BETA1.powi(t));
        let update = |w: &mut f32, g: f32, m: &mut f32, v: &mut f32| {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= lr_t * *m / (v.sqrt() + EPSILON);
        };
        let w1 = net
            .w1
            .iter_mut()
            .zip(&grad.w1)
            .zip(self.m.w1.iter_mut().zip(self.v.w1.iter_mut()));
        w1.for_each(|((w, &g), (m, v))| update(w, g, m, v));
        let b1 = net
            .b1
            .iter_mut()
            .zip(&grad.b1)
            .zip(self.m.b1.iter_mut().zip(self.v.b1.iter_mut()));
        b1.for_each(|((w, &g), (m, v))| update(w, g, m, v));
        let w2 = net
            .w2
            .iter_mut()
            .zip(&grad.w2)
            .zip(self.m.w2.iter_mut().zip(self.v.w2.iter_mut()));
        w2.for_each(|((w, &g), (m, v))| update(w, g, m, v));
        update(&mut net.b2, grad.b2, &mut self.m.b2, &mut self.v.b2);
        // Keep the weights inside what the quantised network can hold.
        for w in net.w1.iter_mut().chain(&mut net.b1).chain(&mut net.w2) {
            *w = w.clamp(-MAX_WEIGHT, MAX_WEIGHT);
        }
    }
}

/// Where a run stands: the float network, Adam's state and the superbatches done.
#[derive(Clone)]
pub struct State {
    pub net: FloatNet,
    pub adam: Adam,
    pub superbatches_done: usize,
    /// The least held-out loss after any superbatch so far (infinite before the first).
    pub best_held_out: f32,
}

impl State {
    pub fn new(inputs: usize, config: &Config) -> State {
        let net = FloatNet::random(inputs, config.hidden, config.seed);
        State {
            adam: Adam::new(&net),
            net,
            superbatches_done: 0,
            best_held_out: f32::INFINITY,
        }
    }
}

/// What one superbatch reports.
#[derive(Clone, Debug)]
pub struct Report {
    pub superbatch: usize,
    pub train_loss: f32,
    pub held_out_loss: f32,
    pub lr: f32,
    pub positions: u64,
    /// The held-out loss is the least so far (always, without held-out positions): the
    /// network is the one to keep, the data not yet overfitted.
    pub best: bool,
}

/// Trains `state` on `train` until `config.superbatches` are done, calling `after` with each
/// superbatch's report and the state (to write a checkpoint); `after` returning false stops.
pub fn run(
    state: &mut State,
    train: &[Example],
    held_out: &[Example],
    config: &Config,
    mut after: impl FnMut(&Report, &State) -> bool,
) {
    let (inputs, hidden) = (state.net.inputs, state.net.hidden);
    let threads = rayon::current_num_threads().max(1);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    while state.superbatches_done < config.superbatches {
        let sb = state.superbatches_done;
        let lr = config.lr * config.lr_gamma.powi((sb / config.lr_step.max(1)) as i32);
        // The order of a superbatch depends on the seed and its number alone (resumable).
        let mut rng = StdRng::seed_from_u64(
            config.seed ^ (sb as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        order.shuffle(&mut rng);
        let mut total = 0.0f64;
        let mut seen = 0u64;
        if order.is_empty() {
            return;
        }
        let size = config.batch.min(order.len());
        for b in 0..config.batches {
            // Consecutive windows of the shuffled order, wrapping round at its end.
            let start = (b * size) % order.len();
            let mut batch = order[start..(start + size).min(order.len())].to_vec();
            batch.extend_from_slice(&order[..size - batch.len()]);
            let chunk = batch.len().div_ceil(threads);
            let (grad, loss_sum) = batch
                .par_chunks(chunk)
                .map(|part| {
                    let mut grad = Params::zeros(inputs, hidden);
                    let mut a = vec![0.0; hidden];
                    let mut c = vec![0.0; hidden];
                    let mut loss = 0.0f64;
                    for &i in part {
                        loss += f64::from(backprop(
                            &state.net,
                            &train[i as usize],
                            &mut grad,
                            &mut a,
                            &mut c,
                        ));
                    }
                    (grad, loss)
                })
                .reduce_with(|(mut g1, l1), (g2, l2)| {
                    g1.add(&g2);
                    (g1, l1 + l2)
                })
                .expect("a batch has samples");
            total += loss_sum;
            seen += batch.len() as u64;
            state
                .adam
                .step(&mut state.net, &grad, lr, 1.0 / batch.len() as f32);
        }
        state.superbatches_done += 1;
        let held_out_loss = loss(&state.net, held_out);
        let best = held_out.is_empty() || held_out_loss < state.best_held_out;
        if best {
            state.best_held_out = held_out_loss;
        }
        let report = Report {
            superbatch: state.superbatches_done,
            train_loss: (total / seen.max(1) as f64) as f32,
            held_out_loss,
            lr,
            positions: seen,
            best,
        };
        if !after(&report, state) {
            break;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Checkpoints: "MCKPT\0" version:u16 inputs:u32 hidden:u32 superbatches_done:u32 steps:u64
// best_held_out:f32, then the network's, Adam's first and second moments' weights as f32 (w1,
// b1, w2, b2 each).

const CKPT_MAGIC: &[u8; 6] = b"MCKPT\0";
const CKPT_VERSION: u16 = 2;
/// Bytes before the weights.
const CKPT_HEADER: usize = 32;

fn put_floats(out: &mut Vec<u8>, p: (&[f32], &[f32], &[f32], f32)) {
    for x in
        p.0.iter()
            .chain(p.1)
            .chain(p.2)
            .chain(std::iter::once(&p.3))
    {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

/// The checkpoint's bytes.
pub fn checkpoint(state: &State) -> Vec<u8> {
    let n = &state.net;
    let mut out = CKPT_MAGIC.to_vec();
    out.extend_from_slice(&CKPT_VERSION.to_le_bytes());
    out.extend_from_slice(&(n.inputs as u32).to_le_bytes());
    out.extend_from_slice(&(n.hidden as u32).to_le_bytes());
    out.extend_from_slice(&(state.superbatches_done as u32).to_le_bytes());
    out.extend_from_slice(&state.adam.steps.to_le_bytes());
    out.extend_from_slice(&state.best_held_out.to_le_bytes());
    put_floats(&mut out, (&n.w1, &n.b1, &n.w2, n.b2));
    for p in [&state.adam.m, &state.adam.v] {
        put_floats(&mut out, (&p.w1, &p.b1, &p.w2, p.b2));
    }
    out
}

/// A state read back from a checkpoint, for a network of `inputs` inputs.
pub fn restore(bytes: &[u8], inputs: usize) -> Result<State, String> {
    if bytes.len() < CKPT_HEADER || &bytes[..6] != CKPT_MAGIC {
        return Err("not a menagerie checkpoint".to_string());
    }
    if u16::from_le_bytes([bytes[6], bytes[7]]) != CKPT_VERSION {
        return Err("a checkpoint of another version".to_string());
    }
    let u32_at =
        |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes")) as usize;
    let (n_inputs, hidden, done) = (u32_at(8), u32_at(12), u32_at(16));
    if n_inputs != inputs {
        return Err(format!(
            "the checkpoint is for {n_inputs} inputs, this variant's network has {inputs}"
        ));
    }
    let steps = u64::from_le_bytes(bytes[20..28].try_into().expect("eight bytes"));
    let best_held_out = f32::from_le_bytes(bytes[28..32].try_into().expect("four bytes"));
    let per = inputs * hidden + hidden + 2 * hidden + 1;
    if bytes.len() != CKPT_HEADER + 3 * per * 4 {
        return Err("the checkpoint is cut short or too long".to_string());
    }
    let floats: Vec<f32> = bytes[CKPT_HEADER..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let part = |k: usize| -> Params {
        let f = &floats[k * per..(k + 1) * per];
        let (w1, rest) = f.split_at(inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, rest) = rest.split_at(2 * hidden);
        Params {
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: rest[0],
        }
    };
    let p = part(0);
    Ok(State {
        net: FloatNet {
            inputs,
            hidden,
            w1: p.w1,
            b1: p.b1,
            w2: p.w2,
            b2: p.b2,
        },
        adam: Adam {
            m: part(1),
            v: part(2),
            steps,
        },
        superbatches_done: done,
        best_held_out,
    })
}

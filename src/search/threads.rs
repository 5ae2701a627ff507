//! Long-lived search threads (DESIGN.md §5: lazy SMP runs on `std::thread`s with a large stack,
//! not on rayon). Each worker waits for a job, runs it, and signals the pool when done.
//!
//! A job that panics does not take the pool down: the panic is caught on the worker, logged, and
//! counted as finished, so `wait_idle` never waits for a job that will not end. The engine's own
//! jobs catch their panics first (to answer with a move); this is the net under them.
//!
//! With more threads than cores, the helpers (every thread but the first) take turns through a
//! [`Gate`]: at most `cores - 1` of them run at once, beside the main search thread. Left to the
//! system scheduler, dozens of busy threads made the protocol thread wait 50-200 ms for its turn,
//! so `stop` and `quit` were answered that late.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::Thread;

use crate::fault::panic_message;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Stack size of a search thread: deep recursion with copy-make positions on the stack.
const STACK_BYTES: usize = 64 << 20;
/// The stack tried for the first thread when a full-sized one cannot be had (a tight address
/// space limit): enough for the search at its depth cap.
const SMALL_STACK_BYTES: usize = 16 << 20;

pub struct ThreadPool {
    senders: Vec<Sender<Job>>,
    /// Jobs handed out and not yet finished.
    busy: Arc<(Mutex<usize>, Condvar)>,
    /// Turns for the helpers when the threads are more than the cores.
    gate: Option<Arc<Gate>>,
}

/// Turns on a few cores, first come first served: `enter` waits for a free place, `leave` hands
/// it to the longest waiting thread, `take_turns` lets a waiting thread in.
#[derive(Debug)]
pub struct Gate {
    state: Mutex<GateState>,
    /// Some thread waits (read without the lock on every turn check).
    waiting: AtomicBool,
}

#[derive(Debug)]
struct GateState {
    free: usize,
    /// Each waiting thread, and the flag set when its place is handed to it.
    queue: VecDeque<(Thread, Arc<AtomicBool>)>,
}

impl Gate {
    pub fn new(places: usize) -> Gate {
        Gate {
            state: Mutex::new(GateState {
                free: places.max(1),
                queue: VecDeque::new(),
            }),
            waiting: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a place.
    pub fn enter(&self) {
        let granted = Arc::new(AtomicBool::new(false));
        {
            let mut s = self.lock();
            if s.free > 0 && s.queue.is_empty() {
                s.free -= 1;
                return;
            }
            s.queue
                .push_back((std::thread::current(), Arc::clone(&granted)));
            self.waiting.store(true, Ordering::Relaxed);
        }
        while !granted.load(Ordering::Acquire) {
            std::thread::park();
        }
    }

    /// Gives the place up: to the longest waiting thread, or back to the free places.
    pub fn leave(&self) {
        let mut s = self.lock();
        match s.queue.pop_front() {
            Some((thread, granted)) => {
                self.waiting.store(!s.queue.is_empty(), Ordering::Relaxed);
                granted.store(true, Ordering::Release);
                thread.unpark();
            }
            None => s.free += 1,
        }
    }

    /// When a thread waits, gives it this place and queues for the next one.
    pub fn take_turns(&self) {
        if self.waiting.load(Ordering::Relaxed) {
            self.leave();
            self.enter();
        }
    }
}

/// Leaves the gate when dropped, whether the job returned or unwound.
struct Leave<'a>(&'a Gate);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.leave();
    }
}

impl std::fmt::Debug for ThreadPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ThreadPool({} threads)", self.senders.len())
    }
}

/// Marks one job finished when dropped, whether the job returned or unwound.
struct Finished<'a>(&'a (Mutex<usize>, Condvar));

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        let (lock, cv) = self.0;
        let mut n = lock.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        cv.notify_all();
    }
}

fn spawn(
    i: usize,
    stack: usize,
    busy: &Arc<(Mutex<usize>, Condvar)>,
) -> std::io::Result<Sender<Job>> {
    let (tx, rx): (Sender<Job>, Receiver<Job>) = channel();
    let busy = Arc::clone(busy);
    std::thread::Builder::new()
        .name(format!("search-{i}"))
        .stack_size(stack)
        .spawn(move || {
            while let Ok(job) = rx.recv() {
                let _done = Finished(&busy);
                if let Err(payload) = catch_unwind(AssertUnwindSafe(job)) {
                    log::error!(
                        "search thread {i}: a job panicked: {}",
                        panic_message(&*payload)
                    );
                }
            }
        })?;
    Ok(tx)
}

impl ThreadPool {
    /// Up to `threads` threads (at least one is tried). When the system refuses a thread, the
    /// pool keeps those it has and says so on stderr; `size` tells how many there are, possibly
    /// none.
    pub fn new(threads: usize) -> ThreadPool {
        let busy = Arc::new((Mutex::new(0usize), Condvar::new()));
        let mut senders = Vec::new();
        for i in 0..threads.max(1) {
            let spawned = spawn(i, STACK_BYTES, &busy).or_else(|e| {
                if i == 0 {
                    spawn(i, SMALL_STACK_BYTES, &busy)
                } else {
                    Err(e)
                }
            });
            match spawned {
                Ok(tx) => senders.push(tx),
                Err(e) => {
                    log::warn!("could start only {i} of {threads} search threads: {e}");
                    break;
                }
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let gate = (senders.len() > cores).then(|| Arc::new(Gate::new(cores - 1)));
        ThreadPool {
            senders,
            busy,
            gate,
        }
    }

    pub fn size(&self) -> usize {
        self.senders.len()
    }

    /// The gate helpers take turns through, when the threads are more than the cores.
    pub fn gate(&self) -> Option<Arc<Gate>> {
        self.gate.clone()
    }

    /// Runs `job` on thread `i` (a helper, `i > 0`, after it has a place at the gate); false
    /// (and the job dropped) when there is no such thread.
    pub fn execute(&self, i: usize, job: impl FnOnce() + Send + 'static) -> bool {
        let Some(sender) = self.senders.get(i) else {
            return false;
        };
        let gate = self.gate.clone().filter(|_| i > 0);
        let job = move || match gate {
            Some(gate) => {
                gate.enter();
                let _leave = Leave(&gate);
                job();
            }
            None => job(),
        };
        let (lock, _) = &*self.busy;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        if sender.send(Box::new(job)).is_err() {
            drop(Finished(&self.busy));
            return false;
        }
        true
    }

    /// Blocks until every job handed out has finished.
    pub fn wait_idle(&self) {
        let (lock, cv) = &*self.busy;
        let mut n = lock.lock().unwrap_or_else(|e| e.into_inner());
        while *n > 0 {
            n = cv.wait(n).unwrap_or_else(|e| e.into_inner());
        }
    }
}

// Dropping the pool closes the job channels and does not join: each thread ends when its current
// job does (the engine stops a search before it lets its pool go), so `quit` is not held up by
// threads winding down on a crowded machine.

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_panicking_job_counts_as_finished() {
        let pool = ThreadPool::new(2);
        let ran = Arc::new(AtomicUsize::new(0));
        assert!(pool.execute(0, || panic!("a test panic")));
        let r = Arc::clone(&ran);
        assert!(pool.execute(1, move || {
            r.fetch_add(1, Ordering::SeqCst);
        }));
        pool.wait_idle();
        // The thread that panicked still takes jobs.
        let r = Arc::clone(&ran);
        assert!(pool.execute(0, move || {
            r.fetch_add(1, Ordering::SeqCst);
        }));
        pool.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 2);
        assert!(!pool.execute(5, || {}));
    }

    #[test]
    fn the_gate_lets_a_few_run_and_every_one_in_turn() {
        let gate = Arc::new(Gate::new(2));
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (gate, inside, most, done) = (
                    Arc::clone(&gate),
                    Arc::clone(&inside),
                    Arc::clone(&most),
                    Arc::clone(&done),
                );
                std::thread::spawn(move || {
                    gate.enter();
                    for _ in 0..50 {
                        let n = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(n, Ordering::SeqCst);
                        std::thread::yield_now();
                        inside.fetch_sub(1, Ordering::SeqCst);
                        gate.take_turns();
                    }
                    gate.leave();
                    done.fetch_add(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(done.load(Ordering::SeqCst), 8);
        assert!(most.load(Ordering::SeqCst) <= 2);
    }
}

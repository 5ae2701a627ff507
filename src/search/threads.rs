//! Long-lived search threads (DESIGN.md §5: lazy SMP runs on `std::thread`s with a large stack,
//! not on rayon). Each worker waits for a job, runs it, and signals the pool when done.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Stack size of a search thread: deep recursion with copy-make positions on the stack.
const STACK_BYTES: usize = 64 << 20;

pub struct ThreadPool {
    senders: Vec<Sender<Job>>,
    handles: Vec<JoinHandle<()>>,
    /// Jobs handed out and not yet finished.
    busy: Arc<(Mutex<usize>, Condvar)>,
}

impl std::fmt::Debug for ThreadPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ThreadPool({} threads)", self.senders.len())
    }
}

impl ThreadPool {
    pub fn new(threads: usize) -> ThreadPool {
        let busy = Arc::new((Mutex::new(0usize), Condvar::new()));
        let mut senders = Vec::new();
        let mut handles = Vec::new();
        for i in 0..threads.max(1) {
            let (tx, rx): (Sender<Job>, Receiver<Job>) = channel();
            let busy = Arc::clone(&busy);
            let handle = std::thread::Builder::new()
                .name(format!("search-{i}"))
                .stack_size(STACK_BYTES)
                .spawn(move || {
                    while let Ok(job) = rx.recv() {
                        job();
                        let (lock, cv) = &*busy;
                        let mut n = lock.lock().unwrap_or_else(|e| e.into_inner());
                        *n -= 1;
                        cv.notify_all();
                    }
                })
                .expect("spawning a search thread");
            senders.push(tx);
            handles.push(handle);
        }
        ThreadPool {
            senders,
            handles,
            busy,
        }
    }

    pub fn size(&self) -> usize {
        self.senders.len()
    }

    /// Runs `job` on thread `i`.
    pub fn execute(&self, i: usize, job: impl FnOnce() + Send + 'static) {
        let (lock, _) = &*self.busy;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        if self.senders[i].send(Box::new(job)).is_err() {
            *lock.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        }
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

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.senders.clear();
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

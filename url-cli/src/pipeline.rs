//! The bulk pipeline: a reader thread cuts the input into blocks of whole lines, worker
//! threads evaluate blocks as they come, and the calling thread writes the results in input
//! order. Channels are bounded, so memory holds a few blocks per worker whatever the input.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::input::{self, Block};
use crate::job::Job;
use crate::output::{BlockOut, Writer};

/// Evaluates every block of `files` (or stdin) with `workers` threads (at least one) and
/// writes the results in input order.
pub fn run<W: Write>(
    files: &[String],
    job: &Job,
    unique: bool,
    workers: usize,
    writer: &mut Writer<W>,
) -> io::Result<()> {
    if workers <= 1 {
        return input::each_block(files, &mut |block| {
            writer.write(job.evaluate_block(block, unique))
        });
    }
    let in_flight = workers * 2;
    thread::scope(|scope| {
        let (block_tx, block_rx) = sync_channel::<(usize, Block)>(in_flight);
        let (out_tx, out_rx) = sync_channel::<(usize, BlockOut)>(in_flight);
        let reader = scope.spawn(move || {
            let mut index = 0;
            input::each_block(files, &mut |block| {
                // A closed channel means the writer stopped (a closed pipe): stop reading.
                block_tx
                    .send((index, block))
                    .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
                index += 1;
                Ok(())
            })
        });
        let block_rx: Arc<Mutex<Receiver<(usize, Block)>>> = Arc::new(Mutex::new(block_rx));
        for _ in 0..workers {
            let block_rx = Arc::clone(&block_rx);
            let out_tx = out_tx.clone();
            scope.spawn(move || {
                loop {
                    let next = match block_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((index, block)) = next else { return };
                    if out_tx
                        .send((index, job.evaluate_block(block, unique)))
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
        // Only the workers hold these now: when they end, the reader's sends fail and it stops.
        drop(block_rx);
        drop(out_tx);
        // Results arrive in any order: hold the early ones until their turn.
        let mut waiting: BTreeMap<usize, BlockOut> = BTreeMap::new();
        let mut next = 0;
        let mut written = Ok(());
        for (index, out) in out_rx.iter() {
            waiting.insert(index, out);
            while let Some(out) = waiting.remove(&next) {
                if written.is_ok() {
                    written = writer.write(out);
                }
                next += 1;
            }
            if written.is_err() {
                break;
            }
        }
        // Dropping the receiver stops the workers, whose senders then fail, and the reader.
        drop(out_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread panicked")));
        written.and(read.or_else(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                Ok(())
            } else {
                Err(e)
            }
        }))
    })
}

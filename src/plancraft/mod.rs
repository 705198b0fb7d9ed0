//! Plancraft (SPEC §14) as a second environment of mcu: a symbolic
//! crafting benchmark with no world, only a crafting table's slots and
//! text actions. [`split`] reads Plancraft's split files, [`env`] holds the
//! table and its move/smelt rules on the shared 1.16.5 recipe table,
//! [`reply`] reads an agent's answer the way Plancraft's evaluator does,
//! [`search`] answers `search:`, [`oracle`] plans from the recipes,
//! [`protocol`] is the A2A conversation, [`screen`] the image observation,
//! [`episode`] plays one example, [`run`] a whole split, and [`report`]
//! shows finished runs.

pub mod env;
pub mod episode;
pub mod oracle;
pub mod protocol;
pub mod reply;
pub mod report;
pub mod run;
pub mod screen;
pub mod search;
pub mod split;

#[cfg(test)]
mod tests;

//! Plancraft (SPEC §14) as a second environment of mcu: a symbolic
//! crafting benchmark with no world, only a crafting table's slots and
//! text actions. [`split`] reads Plancraft's split files, [`env`] holds the
//! table and its move/smelt rules on the shared 1.16.5 recipe table,
//! [`reply`] reads an agent's answer the way Plancraft's evaluator does,
//! [`search`] answers `search:`, and [`oracle`] plans from the recipes.

pub mod env;
pub mod oracle;
pub mod reply;
pub mod search;
pub mod split;

#[cfg(test)]
mod tests;

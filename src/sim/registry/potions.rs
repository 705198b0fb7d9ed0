//! The 1.16.5 potion table (`potions.tsv`): the status effects each potion
//! gives when drunk, with level and duration (instant ones have none).

use std::sync::OnceLock;

use super::{strip_namespace, table};

/// One effect of a potion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotionEffect {
    pub potion: &'static str,
    /// Bare effect id (`instant_damage`).
    pub effect: &'static str,
    /// 0 is level I.
    pub amplifier: u8,
    /// 0 for instant effects.
    pub ticks: u32,
}

fn table() -> &'static [PotionEffect] {
    static TABLE: OnceLock<Vec<PotionEffect>> = OnceLock::new();
    TABLE.get_or_init(|| {
        table::rows(include_str!("potions.tsv"))
            .map(|row| PotionEffect {
                potion: row[0],
                effect: row[1],
                amplifier: table::column(&row, 2),
                ticks: table::column(&row, 3),
            })
            .collect()
    })
}

/// The effects of a potion, by bare or `minecraft:`-prefixed id; none for
/// water, awkward and unknown potions.
pub fn potion_effects(potion: &str) -> impl Iterator<Item = &'static PotionEffect> {
    let potion = strip_namespace(potion).to_string();
    table().iter().filter(move |e| e.potion == potion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harming_is_instant_and_turtle_master_gives_two_effects() {
        let harming: Vec<_> = potion_effects("minecraft:harming").collect();
        assert_eq!(harming.len(), 1);
        assert_eq!((harming[0].effect, harming[0].ticks), ("instant_damage", 0));
        assert_eq!(potion_effects("turtle_master").count(), 2);
        assert_eq!(potion_effects("water").count(), 0);
    }
}

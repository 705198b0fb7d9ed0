//! Each kind's goal lists, composed the way vanilla's `registerGoals`
//! does, from the names its row in `registry/creatures.tsv` gives in
//! priority order (`melee:1.0` is the melee goal at speed 1.0).

use super::goals::{
    BlazeAttack, DrinkHealing, EatGrass, EyeContact, Float, Goal, HurtBy, KeepDistance, Leap,
    LookAtPlayer, Melee, NearestPlayer, Panic, RandomStroll, Selector, Swoop, TeleportRandomly,
    Tempt, ThrowPotion,
};
use crate::sim::registry::{CreatureDef, Disposition};

/// One goal from its written form; `None` for a name no goal has.
fn goal(spec: &str) -> Option<Box<dyn Goal>> {
    let mut parts = spec.split(':');
    let name = parts.next()?;
    let params: Vec<&str> = parts.collect();
    let number = |i: usize| -> Option<f64> { params.get(i)?.parse().ok() };
    Some(match name {
        "float" => Box::new(Float),
        "stroll" => Box::new(RandomStroll { speed: number(0)? }),
        "look" => Box::new(LookAtPlayer::new(number(0)?)),
        "panic" => Box::new(Panic { speed: number(0)? }),
        "tempt" => Box::new(Tempt::new(number(0)?)),
        "eat_grass" => Box::new(EatGrass::default()),
        "melee" => Box::new(Melee::new(number(0)?, params.get(1) == Some(&"shy"))),
        "leap" => Box::new(Leap { lift: number(0)? }),
        "keep_distance" => Box::new(KeepDistance::new(number(0)?, number(1)?)),
        "throw_potion" => Box::new(ThrowPotion::new(number(0)?, number(1)?)),
        "drink_healing" => Box::new(DrinkHealing::default()),
        "teleport_randomly" => Box::new(TeleportRandomly::default()),
        "swoop" => Box::new(Swoop::default()),
        "blaze_attack" => Box::new(BlazeAttack::default()),
        "hurt_by" => Box::new(HurtBy::new(params.first() == Some(&"alert"))),
        "nearest_player" => Box::new(NearestPlayer::new(false)),
        "nearest_player_in_dark" => Box::new(NearestPlayer::new(true)),
        "eye_contact" => Box::new(EyeContact::default()),
        "dragon" => Box::new(super::dragon::Phases::default()),
        _ => return None,
    })
}

fn selector(specs: &[&str]) -> Selector {
    Selector::new(specs.iter().filter_map(|spec| goal(spec)).collect())
}

/// The kind's goals, in priority order.
pub fn goals(def: &CreatureDef) -> Selector {
    selector(&def.goals)
}

/// The kind's target goals, in priority order; a passive kind never
/// attacks, whatever its row says.
pub fn targets(def: &CreatureDef) -> Selector {
    match def.disposition {
        Disposition::Passive => Selector::default(),
        Disposition::Hostile | Disposition::Neutral => selector(&def.targets),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::registry::registry;

    #[test]
    fn every_goal_the_table_names_exists() {
        for def in registry()
            .entities
            .iter()
            .filter_map(|e| registry().creature(registry().entity_named(e.name).unwrap()))
        {
            for spec in def.goals.iter().chain(&def.targets) {
                assert!(
                    goal(spec).is_some(),
                    "{}: no goal `{spec}`",
                    registry().entity(def.kind).name
                );
            }
        }
    }
}

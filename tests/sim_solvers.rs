//! Solvability: every task with a scripted policy is solved by it on the
//! embedded simulator, acting only through keys, camera and clicks, with
//! its reward config paying in full and its world-state check (judge-only
//! tasks) holding; every other task names what it lacks.

use mcu::sim::registry::item;
use mcu::sim::script::{missing_capability, scripted_tasks, solve, tasks_with_gaps, Script};
use mcu::sim::{episode_seed, EmbeddedSim, Simulator};
use mcu::suite::{self, Event};

mod common;

/// Scenario seeds tried: each gives every task another world.
const SEEDS: [u64; 4] = [0, 1, 2, 3];

/// Plays each task's script in a seed's world; one line per task not
/// solved.
fn unsolved<'a>(cases: impl IntoIterator<Item = (&'a str, u64)>) -> Vec<String> {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let mut failures = Vec::new();
    for (name, seed) in cases {
        let task = suite
            .task(name)
            .unwrap_or_else(|| panic!("script for unknown task {name}"));
        let result = solve(task, seed, task.default_max_steps()).expect("script exists");
        if !result.solved() {
            failures.push(format!(
                "{name} (seed {seed}): paid {} of {} in {} steps, state check {:?}",
                result.paid, result.max, result.steps, result.check
            ));
        }
    }
    failures
}

#[test]
fn every_scripted_task_pays_in_full() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let cases = scripted_tasks().into_iter().flat_map(|name| {
        // 12,000-step scripts: tests/long_scripts.rs plays them in release;
        // gaps are listed with the distance that puts them out of reach.
        let long = suite.task(name).is_some_and(|t| t.is_long());
        SEEDS
            .into_iter()
            .filter(move |&seed| !long && missing_capability(name, seed).is_none())
            .map(move |seed| (name, seed))
    });
    let failures = unsolved(cases);
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

#[test]
fn scripts_cope_with_the_slopes_and_caves_of_later_seeds_worlds() {
    // Worlds whose ground once broke a script that assumed a flat start.
    let cases = [
        // The farmland floats over a drop, or sinks into a hill under grass.
        ("plant_wheats", 6),
        ("plant_wheats", 7),
        // The land falls away east of the wall: the shelf's top above the eye.
        ("decorate_the_wall", 5),
        // A pumpkin between the stand and the wall's foot hid the face.
        ("decorate_the_wall", 17),
        // Torches placed nearest first hid the spots behind them.
        ("light_up_the_surroundings", 6),
        // The feet drop out of the log box's reach where the land falls.
        ("collect_wood", 7),
        // The wool lands on a step up, only reached with a jump.
        ("collect_wool", 10),
        // The portal frame's stand slides into the frame's column.
        ("build_nether_portal", 8),
        // The teleport lands over a cave: the ore out of reach above.
        ("find_diamond", 14),
        // The struck witch falls off a ledge, out of reach below.
        ("combat_witch", 15),
        // No level site within ten blocks of a steep start.
        ("build_a_library", 8),
        // The frame is summoned into a hillside and falls off as an item.
        ("find_item_frame", 11),
        ("find_item_frame", 16),
        // Tall grass between the eye and the carved pumpkin hid it.
        ("carve_pumpkins", 29),
        // The farthest pumpkin, carved first, was a wild one out of reach.
        ("carve_pumpkins", 30),
        // The pig, summoned into a hillside, is hurt there: no reason to
        // panic (vanilla's panic asks who hurt it), so the lead reaches it.
        ("use_lead", 14),
        // West of the feet the land rises, or steps down onto tall grass:
        // no floor there for the cake's chest.
        ("prepare_a_birthday_present_for_your_neighbor", 22),
        ("prepare_a_birthday_present_for_your_neighbor", 29),
        // A tree between the player and the creature stopped the run.
        ("hunt_pigs", 18),
        ("combat_enderman", 17),
        // Summoned into a hillside, where they suffocate unless dug out
        // and struck first (a death soon after the player's hit is its kill).
        ("combat_spiders", 19),
        ("combat_wolfs", 5),
        // One of the two pigs is buried: it is hunted first, before it
        // suffocates.
        ("hunt_pigs", 7),
        // No boat set down on the ground touches a spider inside it.
        ("trap_a_spider_with_a_boat", 24),
        // The frame's inside, seen past an obsidian block's edge, or over
        // a grass block beside the feet: aimed at a face or a point of it
        // in sight, not through the block under the feet.
        ("build_nether_portal", 42),
        // The carved pumpkin lies past a grass block's corner.
        ("carve_pumpkins", 36),
        // The pig strolls off over rough ground: reached after 300 steps.
        ("use_lead", 44),
        // The wounded skeleton backs off (at a quarter of its walk).
        ("combat_skeletons", 32),
        // The pig, struck by the first throw, flees into a hollow out of
        // the throws' sight: finished with the trident in hand.
        ("use_trident", 33),
        // No level site within 16 blocks; the straight walk to the one
        // further off slid along a step up.
        ("build_a_house", 35),
        // The phantom, summoned low, circled along a hillside out of sight
        // (it keeps a block of air under it, as vanilla's does).
        ("shoot_phantom", 37),
        // A sheep led the player into a ravine's pool under a bank two
        // blocks high; the walk to the last one goes round.
        ("collect_wool", 40),
        // The witch stands in a lake beyond a pit: the hunt goes round the
        // ledge it will not go over.
        ("combat_witch", 56),
        // The spider, dug out of the hillside, stays in a hole a block
        // wide, too narrow for a boat: the hole is widened.
        ("trap_a_spider_with_a_boat", 56),
        // The chest's cell west of the feet is hidden behind a bank.
        ("prepare_a_birthday_present_for_your_neighbor", 58),
        // A sprint to a log's side carries the feet a cell past it.
        ("collect_wood", 63),
        // The wounded pig flees into a cave nine blocks under the feet;
        // a sheep falls into one eight under: walked to down the cave's
        // mouth (the walk to the sheep dug through its own floor).
        ("hunt_pigs", 95),
        ("collect_wool", 100),
        // The field stands a block over a ditch, out of a walk's reach:
        // planted from beside it, walking on to see more.
        ("plant_wheats", 98),
        // The teleport lands in a cave with no stone over the feet: the
        // pillar's cobblestone is mined from the cave's wall.
        ("find_diamond", 100),
        // The struck enderman lands in a pit seven blocks under a ledge
        // no walk leaves: followed by ender pearl.
        ("combat_enderman", 18),
        // The cow leads into a lake: the table is set down on dry ground.
        ("craft_to_cake", 101),
        // The nearest land far enough lies across a lake: the run heads
        // for land a little farther off with a drier way to it.
        ("explore_run", 103),
        // The walk on for more spots went into a river; a drop fetched
        // from a river's edge led the player in: walks on keep to dry
        // ground, and from the water go to the nearest.
        ("light_up_the_surroundings_at_night", 118),
        ("light_up_the_surroundings_at_night", 131),
        // The run at the enderman swam flat into a bank a block high,
        // eyes under water: in water it paddles, holding jump. Later the
        // enderman followed the swimming player into the lake, was hurt
        // by the water and teleported into a cave 25 blocks down, where
        // no teleport back found room: endermen's paths now keep out of
        // water, as vanilla's.
        ("combat_enderman", 119),
        // The cut grass dropped into a dip beside the block underfoot.
        ("collect_grass", 140),
        // A shorn sheep stepped in front at the shears' click: a use that
        // changes nothing is tried again.
        ("collect_wool", 144),
        // The last wool lay on a bank, the player under leaves beside it:
        // the walk goes round onto the bank.
        ("collect_wool", 161),
        // The eye, a block's edge and the middle of the chest's floor in
        // one line: a point off the middle is clicked.
        ("prepare_a_birthday_present_for_your_neighbor", 159),
        // The walk slid on off the stand's ledge, a block lower; the pillar
        // went up through tall grass (seed 187).
        ("decorate_the_wall", 170),
        ("decorate_the_wall", 187),
        // The witch stood at a pit's edge, the look at its body out of
        // reach from the pit: the hunt goes round.
        ("combat_witch", 167),
        // The pillar's cobblestone was still falling down the shaft when
        // the block was chosen.
        ("find_diamond", 184),
        // The field stands a block over a gap, reached only by a long walk
        // over treetops (seeds 146 and 150) or not at all (183), or the
        // walk ends a cell short of it (115): the ground round the feet is
        // tilled and planted.
        ("plant_wheats", 115),
        ("plant_wheats", 146),
        ("plant_wheats", 150),
        ("plant_wheats", 183),
        // The struck enderman stood under a tree, the player's head against
        // the canopy's lowest leaves three blocks off; the wolves stood on
        // a ravine's edge over the player, under the overhang's dirt: soft
        // blocks before a creature too near to go round are cut through.
        ("combat_enderman", 238),
        ("combat_wolfs", 174),
        // The second dig opened a cave and the feet landed on its stone
        // floor, which the shovel digs without it counting as mined: the
        // third block is dug from the soft ground nearest.
        ("dig_three_down_and_fill_one_up", 259),
        // Standing a hair off the room's middle, the body leaned into the
        // lantern's cell: it steps back to the middle and sets it.
        ("build_a_library", 270),
        // The walk stopped in a dip against the stand, the ground rising a
        // block there: a pillar lifts the eye above the shelf.
        ("decorate_the_wall", 271),
        // The carved pumpkin rolled into a dip under a tree's lowest
        // leaves, which stopped the head: the leaves are cut on the way.
        ("carve_pumpkins", 278),
        // The fallen frame lay in a pit three deep, and the walk dropped
        // onto it and picked it up: it stops at the edge instead.
        ("find_item_frame", 286),
        // The second milking took the first use's cooldown for another
        // creature in the way and walked off the ledge to go round it.
        ("craft_to_cake", 247),
        // Drifted off the shaft's middle in the cave below it, the pillar's
        // jumps struck the head on the rock beside and never rose.
        ("find_diamond", 319),
        // Ran down a slope at a pig on a tree's crown level with it and
        // swam in the pool under the tree, striking up.
        ("hunt_pigs", 275),
        // A witch out in a lake level with the bank: swum to, not waited
        // for on the bank (a step into water is no step down).
        ("combat_witch", 7),
        // Fallen into a cave under the dirt, aimed up at a block out of
        // reach until the mine's time ran out, then wandered the cave.
        ("collect_dirt", 383),
        // Held in a corner between the crafting table and a step up, the
        // carved pumpkin beyond the table.
        ("carve_pumpkins", 373),
        // Stood on a ledge aiming at the wounded enderman two blocks
        // down, its body hidden by the ledge's edge.
        ("combat_enderman", 375),
        // The skeleton was knocked into a cave whose mouth near it is a
        // pit six deep by a lake, and the wounded enderman fell into a
        // hole eight deep: the player ran about over them (on 23 it was
        // down in the hole after the enderman had teleported out).
        ("combat_skeletons", 352),
        ("combat_enderman", 23),
        // The nearest forest lay across a river whose banks no walk
        // climbs: a forest with a drier way is walked to.
        ("find_forest", 272),
        // The walk came to rest on a tulip, which took the pillar's
        // clicks: it is broken first.
        ("decorate_the_wall", 394),
        // The walk round up to the enderman on a tree's crown set off
        // for a hill 28 blocks away: the run waits below instead.
        ("combat_enderman", 393),
        // A desert's sand all round the start, and no dirt in reach: the
        // dirt carried is put down and dug up again.
        ("collect_dirt", 435),
        // Two health left after the player's blows, the enderman fell to
        // its death 115 ticks on: the player's kill, as the creature's
        // record of the fight still held the player's hits.
        ("combat_enderman", 160),
        // Just after the sneaking click that carved it, the carved
        // pumpkin lay hidden from the lowered eye by a hill's edge.
        ("carve_pumpkins", 452),
        // Fallen seven blocks into a cave, no soft block in reach: dirt
        // carried is put down and dug.
        ("dig_three_down_and_fill_one_up", 481),
        // The eyes stood in tall grass, in sugar cane: every look met it.
        ("decorate_the_wall", 488),
        ("craft_to_cake", 490),
        // A village path's blocks were the only ones beside a frame cell.
        ("build_nether_portal", 508),
        // The librarian, summoned into the ground, stood in a wall cell.
        ("build_a_library", 473),
        // The enderman teleported into a deep cave: the player walks off
        // beyond sixteen blocks, and it teleports up towards the player.
        ("combat_enderman", 259),
        // The cut grass drifted off a cliff's edge, and the walk after it
        // fell nine blocks into a cave.
        ("collect_grass", 581),
        // The pillar began while the walk into the shaft still carried
        // the body on: its first blocks went into two columns.
        ("find_diamond", 583),
        ("find_diamond", 637),
        // South of the column the ground fell away over a cave: the
        // frame is built to the north.
        ("build_nether_portal", 616),
        // The look at the spider's feet passed exactly through the corner
        // between four cells, grazing a tall grass's edge, which took the
        // boat.
        ("trap_a_spider_with_a_boat", 549),
        // No level site near a hillside over the sea, or on a slope: the
        // site is dug and filled level first.
        ("build_a_house", 706),
        ("build_a_garden", 719),
        // The phantom hovered over a tree, and the arrows stuck in its
        // leaves.
        ("shoot_phantom", 706),
        // The enderman was knocked into a lake (or off a bank into one)
        // and teleported off into a cave, or stood on a ravine's rim over
        // the player: angry, it now teleports back towards the player, as
        // in 1.16.5.
        ("combat_enderman", 720),
        ("combat_enderman", 727),
        ("combat_enderman", 777),
        // The enderman stood behind a trunk two blocks off, hidden, and
        // the player aimed at the bark: the hunt goes round.
        ("combat_enderman", 478),
        // The enderman followed the walk off under the ground, through
        // its cave: the walk goes on until it is sixteen blocks off.
        ("combat_enderman", 736),
        // The missed trident stuck in a cliff over a lake, and the player
        // waited in the water below the wounded pig on the bank: a
        // passive creature above is walked up to the long way round.
        ("use_trident", 802),
        // The poured water flowed under the player and pushed it four
        // blocks off while the table went down, out of the boat's reach:
        // the water is walked to.
        ("explore_boat", 866),
        // The witch stood a step up, 3.3 blocks off across a hole's
        // corner, beyond the arm's reach and nearer than a walk round
        // starts: the walk round goes on until a strike reaches. So for
        // an enderman two or three blocks below the player's feet.
        ("combat_witch", 315),
        ("combat_enderman", 224),
        ("combat_enderman", 831),
        // The sheep grazed on a bank four blocks up, the way up 49 blocks
        // round: a walk round to a passive creature lasts as long as its
        // way (cut short, the run between pulled the player back), while
        // the creature stays near where it stood (seed 72's wounded pig
        // climbed out of its lake while a long walk went round to it).
        ("collect_wool", 897),
        ("hunt_pigs", 72),
        // The cut log's drop lay on the log box, and the walk to it slid
        // along the box into a hole six deep: against the step it jumps.
        ("collect_wood", 907),
        // The tilled spot's middle, chosen by the standing eye, was hidden
        // from the sneaking eye by the edge of the leaves underfoot.
        ("plant_wheats", 917),
        // The fallen frame lay under leaves a block over the ground: they
        // are cut through, not jumped into.
        ("find_item_frame", 957),
        // The villager stood on a wall's lower course, in the upper
        // course's cell, through both tries at it: it is punched off.
        ("build_a_library", 1007),
        ("build_a_library", 1041),
        // The sand was laid over a cave and all of it fell six blocks in:
        // the way down is walked.
        ("find_sand", 1185),
        // The sand was laid in a hill, under its grass, over a cave: what
        // fell lay in the cave, the rest shut in the hill, and no walk
        // reached either: the nearest is dug to by hand.
        ("find_sand", 3759),
        // The player slid down a cliff into a river in a canyon, and the
        // walk to a trunk across it, ending on the water, never counted
        // as arrived: a walk now ends afloat under its goal's cell.
        ("collect_wood", 3813),
        // The first pig fled into a river in a canyon whose banks rise two
        // blocks a step, and the way up to the second, on the rim, led 125
        // waypoints round: a staircase is dug up the bank on its side.
        ("hunt_pigs", 3879),
        // A drop of the shaft's stone came to rest on a ledge out of reach,
        // and the pillar's second jump was made with the pickaxe in hand:
        // what the pillar is short once the drops are picked up is mined.
        ("find_diamond", 3914),
        // A hollow walled two high, its other ways sloping into a river,
        // showed no top for a torch, and the walks on went nowhere:
        // torches are set on walls where no top is in sight.
        ("light_up_the_surroundings", 3913),
        // The first pig fled down into a pit six deep, and the other
        // grazed beyond its wall, level with its floor: the hunt digs up
        // out of a hollow no walk leaves whenever the quarry stands no
        // lower than a jump under the feet.
        ("hunt_pigs", 3984),
        // The thrown trident lay on a bank over the hollow the straight
        // walk to it went down into: a landed trident is fetched by a
        // route, and no throw is drawn with an empty hand.
        ("use_trident", 3942),
        // The wounded pig fled on over a lower level, and each walk round
        // to it was given up for a run held back for two seconds: one
        // sets off again at once.
        ("hunt_pigs", 3639),
        // The second throw flew 22 blocks and stuck in a hillside, and the
        // fetch there and back took the rest of the task: a trident
        // landed that far is left, and the wounded pig hunted.
        ("use_trident", 1178),
        // A village lamp's fence post stood between the player and the
        // frame: the route climbed it as a block, and the straight walk
        // jumped at it; a fence is not climbed, and the walk goes round.
        ("find_item_frame", 4094),
        // The step into the ore's column met the step up at a slant and
        // slid along its riser, never stopped, never jumped, and the
        // pillar rose beside the column under rock: a step into a cell
        // jumps when held up sliding.
        ("find_diamond", 4127),
        // The first search towards land far enough ended at the cell
        // nearest the guide, the bottom of a sinkhole, and the way on
        // from there was too long: a journey's search that falls short
        // ends on the open ground.
        ("explore_run", 3046),
        // The phantom circled behind an oak's crown for 700 ticks and
        // every drawn shot waited for a clear flight: a shot kept waiting
        // walks out to where its flight is clear.
        ("shoot_phantom", 4453),
        // Gravel over the feet fell on the head as the column was dug
        // under it and pushed the body off into a cave beside: what the
        // column's dig leaves unmined is dug to from where the body is.
        ("find_diamond", 4581),
        // The witch fell into a cave ten blocks down, and each walk round
        // to its mouth was cut short by the run back over it: a walk
        // down to a hostile creature below is given its way's time.
        ("combat_witch", 4655),
        // The enderman stood on the next tree's crown, across a gap from
        // the player's, both still, until it teleported off in the
        // daylight: a stalemate out of reach is walked off from.
        ("combat_enderman", 4670),
        // The witch stood on a bank two blocks over the player, who had
        // fallen into a pit at its foot, and no look from the pit met the
        // bank's top: the player jumps to set the boat.
        ("trap_a_witch_with_a_boat", 4841),
        // The walk after a cut weed's drop fell into a ravine, out of
        // reach of the rest: the drops are left lying.
        ("clean_the_weeds", 1181),
        // `/setblock` put a snow block where a tall grass's lower half
        // stood, and the upper half stayed on it, in the way of every
        // click: the command's neighbours now settle, as in vanilla.
        ("build_snow_golem", 1268),
        // On a hillside two walks back to the log box fetched six logs:
        // the walks go on until ten are in hand.
        ("collect_wood", 1378),
        // The log box, filled by the init command, popped a flower off
        // its soil, and the first fetch went for it: a mine fetches only
        // what it dropped.
        ("collect_wood", 50),
        // The crafting table set beside the player took a rose bush's
        // lower half, and the upper half stood on the table: the chest
        // was never placed. Now it pops, as in vanilla.
        ("prepare_a_birthday_present_for_your_neighbor", 1285),
        // The pillar up the shaft stopped a block short: stone two cells
        // over the head stopped its jump. Each block is now followed by
        // the dig it brings within reach.
        ("find_diamond", 1306),
        // The teleport put the feet in stone, and the push out of it
        // carried them off the ore's column and down into a cave: the
        // plan waits for the push, and digs the column open from beside.
        ("find_diamond", 1355),
        // The villager stood between the eye and the north-west walls and
        // took every click: a creature under the crosshair is punched.
        ("build_a_library", 1422),
        // The pillar rose from two-high tall grass: the look down met the
        // upper half, where the feet are at the jump's top.
        ("decorate_the_wall", 1468),
        // The crafting table's edge hid the carved pumpkin's middle, not
        // its top face: the mine looks for any face in sight.
        ("carve_pumpkins", 1503),
        // The one-cell pool's middle put the boat against the crafting
        // table on the bank: the boat is aimed where it fits.
        ("explore_boat", 1289),
        // The player slid into a pool under a bank and sank there, looking
        // up at the sheep on it, never on the ground: a swimmer's stop now
        // starts the walk round as a walker's does.
        ("collect_wool", 1391),
        // The witch fled into a lake below a bank; the chase swam after it
        // and, never on the ground, neither gained nor went round.
        ("combat_witch", 1207),
        // The cave spider sat under a spruce's canopy one block over a
        // bank, and the leaves over the head and the bank's step stopped
        // every jump: the walk to it cuts them.
        ("trap_a_spider_with_a_boat", 1220),
        // The enderman, hurt by water, teleported into a cave under a
        // lake; the player stood over it, sixteen blocks off already,
        // and never walked off: the walk off now goes sixteen blocks
        // across, and on a quarter turn round while the enderman stays.
        ("combat_enderman", 1277),
        // An angry enderman deep in a cave, where no teleport towards the
        // player found room: solved since endermen's paths keep out of
        // water, as vanilla's.
        ("combat_enderman", 771),
        // The player fell into a cave's mouth five blocks under the
        // enderman, which stood over it to the end: a creature with a
        // target now drops as far as vanilla's, by its health.
        ("combat_enderman", 944),
        // The skeleton, knocked into a lake, sank by the bank, and the
        // walk round towards its cell led down into a cave under the
        // lake: the walk now goes to the water's top over it.
        ("combat_skeletons", 2286),
        // On a lake's shore one block wide, the walks on strayed off the
        // grid into the lake or the bank and went back and forth: they
        // now run along the grid, straight on before back.
        ("light_up_the_surroundings_at_night", 2425),
        // The crafting table was the farthest spot, and the click to
        // place the gate opened its screen: no spot opens now.
        ("build_gate", 2466),
        // One sheep fell into a cave, two gave one wool each, and no
        // shorn sheep grazed: sheep graze now, and the plan waits.
        ("collect_wool", 2503),
        // The carved pumpkin popped down a slope, and the craft found
        // none: a pumpkin that got away is replaced by carving another.
        ("carve_pumpkins", 301),
        // The player stood in a hollow two deep under the second pig on
        // the rim: a hunt no walk takes out now digs a staircase up.
        ("hunt_pigs", 2538),
        // The wounded pig swam by a cave carved along the lake's shore,
        // the water standing over it as a wall: caves no longer open
        // beside water, as vanilla's carvers do not.
        ("hunt_pigs", 2384),
        // The enderman stood sealed in a cave five under the shore, a
        // drop the hunt takes: the walk off now draws up one so near.
        ("combat_enderman", 56),
        // Leaves rested on most of the field, and from on it the crops
        // just planted hid the ground round it: the hoe now tills from
        // off the field.
        ("plant_wheats", 2583),
        // The step into the shaft carried the body on to its cell's edge,
        // and the pillar rose in the column beside the ore's: a pillar at
        // rest now steps back to the middle first.
        ("find_diamond", 2662),
        // The frame's item lay in a hole under leaves, and the way to a
        // view of it stepped down beside it and picked it up: the way
        // now keeps out of the cells that pick it up.
        ("find_item_frame", 2721),
        // The pillar back up to the stand began while the body still
        // moved and rose at the cell's edge, where a rock beside the head
        // hid half the wall: it now begins at rest in the middle.
        ("decorate_the_wall", 2778),
    ];
    let failures = unsolved(cases);
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
}

#[test]
fn find_item_frame_is_solved_with_the_frame_summoned_as_upstream_summons_it() {
    // Upstream's init command gives no `Facing` and no plank: the frame
    // faces down under the open sky and falls at its first check (on seed
    // 1 its item lands in a dip, out of sight from the dip's far side).
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let mut task = suite.task("find_item_frame").expect("in the suite").clone();
    task.init_commands = [
        "/summon minecraft:item_frame ~ ~ ~-3",
        "/give @p minecraft:torch 10",
        "/summon minecraft:villager ~2 ~ ~",
        "/give @p minecraft:blue_bed",
    ]
    .map(String::from)
    .to_vec();
    for seed in [0, 1] {
        let result = solve(&task, seed, task.default_max_steps()).expect("script exists");
        assert_eq!(result.check, Some(true), "seed {seed}: {result:?}");
    }
}

#[test]
fn at_least_the_issue_s_fifteen_tasks_have_scripts() {
    let required = [
        "collect_dirt",
        "collect_wood",
        "collect_grass",
        "mine_iron_ore",
        "mine_diamond_ore",
        "mine_horizontally",
        "look_at_the_sky",
        "drop_an_item",
        "build_pillar",
        "build_a_tower",
        "dig_three_down_and_fill_one_up",
        "find_sand",
        "find_bedrock",
        "light_up_the_surroundings",
        "throw_a_snowball",
        "craft_oak_planks",
        "craft_the_crafting_table",
        "craft_ladder",
        "craft_furnace",
        "craft_diorite",
        "craft_enchanting_table",
        "craft_to_clock",
        "craft_bee_nest",
        "craft_stonecut",
        "explore_chest",
        "cut_stone",
        "mine_obsidian",
        "find_melon",
        "find_diamond",
        "stacking_acacia_fence",
        "make_fire_with_flint_and_steel",
        "light_up_the_surroundings_at_night",
        "clean_the_weeds",
        "decorate_the_ground",
        "build_a_wall",
        "build_a_maze",
    ];
    let scripted = scripted_tasks();
    for name in required {
        assert!(scripted.contains(&name), "{name} has no script");
    }
}

#[test]
fn every_task_is_scripted_and_every_gap_names_a_task_of_the_suite() {
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let scripted = scripted_tasks();
    for task in &suite.tasks {
        assert!(
            scripted.contains(&task.name.as_str()),
            "{} has no script",
            task.name
        );
    }
    for name in tasks_with_gaps() {
        assert!(
            suite.task(name).is_some(),
            "gap listed for unknown task {name}"
        );
    }
}

#[test]
fn find_lava_s_gaps_are_its_lava_put_out_by_falling_sand() {
    // On seeds 145 and 354 the lava the task pours lies under a dune's
    // sand, which falls into it once the fill has updated its
    // neighbours: the world, not the script, leaves nothing to scoop
    // (`script/gaps.rs`).
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let task = suite.task("find_lava").expect("task exists");
    for seed in [145, 354] {
        assert_eq!(missing_capability(&task.name, seed), Some("terrain"));
        let mut sim = EmbeddedSim::new();
        sim.reset(episode_seed(seed, &task.name), &task.init_commands);
        let [x, y, z] = sim.game().player.block_pos();
        let poured: Vec<[i32; 3]> = (2..=4)
            .flat_map(|dz| (2..=4).map(move |dx| [x + dx, y - 1, z + dz]))
            .collect();
        let named = |sim: &EmbeddedSim, name: &str| {
            poured
                .iter()
                .filter(|&&pos| {
                    mcu::sim::registry::registry()
                        .block(sim.game().world.get(pos))
                        .name
                        == name
                })
                .count()
        };
        assert_eq!(
            named(&sim, "lava"),
            9,
            "seed {seed}: the fill pours nine lava cells"
        );
        for _ in 0..20 {
            sim.step(&mcu::protocol::Action::noop());
        }
        assert_eq!(named(&sim, "lava"), 0, "seed {seed}");
        assert_eq!(named(&sim, "sand"), 9, "seed {seed}");
    }
}

#[test]
fn the_crafting_script_pays_through_the_screen_s_craft_statistics() {
    // The script sees the game read-only (`act(&Game)`) and answers with
    // actions: the logs become planks and then a table only through clicks.
    let suite = suite::load(&common::benchmark_dir()).expect("bundled suite loads");
    let task = suite.task("craft_the_crafting_table").expect("task exists");
    let mut sim = EmbeddedSim::new();
    sim.reset(episode_seed(0, &task.name), &task.init_commands);
    let mut script = Script::for_task(&task.name).expect("scripted");
    let mut opened_inventory = false;
    for _ in 0..400 {
        let action = script.act(sim.game());
        sim.step(&action);
        opened_inventory |= sim.game().screen.is_some();
    }
    let stats = sim.statistics();
    assert!(opened_inventory, "crafting went through a screen");
    assert_eq!(stats.get(Event::CraftItem, "oak_planks"), 4);
    assert_eq!(stats.get(Event::CraftItem, "crafting_table"), 1);
    let game = sim.game();
    assert!(game.screen.is_none(), "the script closed the screen");
    let inventory = &game.player.inventory;
    assert_eq!(inventory.count(item("crafting_table")), 1);
    assert_eq!(inventory.count(item("oak_log")), 3);
}

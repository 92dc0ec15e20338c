/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internal interface of the OPP core: the data model, its invariants and its
 * locking rules, shared by the files of drivers/opp/.
 */

#ifndef __DRIVERS_OPP_H__
#define __DRIVERS_OPP_H__

/* Every file of the core includes this header first. */
#ifndef pr_fmt
#define pr_fmt(fmt) "opp: " fmt
#endif

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/kref.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/overflow.h>
#include <linux/pm_opp.h>
#include <linux/rcupdate.h>
#include <linux/seqlock.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "bridge.h"

/**
 * DOC: data model and locking
 *
 * Objects
 * -------
 *
 * ``struct opp_table``
 *   One per group of devices that share OPPs (for instance the CPUs of one
 *   cluster on one rail). Counted by @kref. A reference is held by every
 *   caller of dev_pm_opp_get_opp_table() until it calls
 *   dev_pm_opp_put_opp_table(), by every dynamic OPP while it is in the table,
 *   and by every device that populated the table from firmware (counted in
 *   @static_users) until it removes it again.
 *
 * ``struct opp_link``
 *   Ties one &struct device to its table. It sits in a global hash keyed by
 *   the device pointer and on the table's @links list. A device belongs to at
 *   most one table. Links are created with the table or by
 *   dev_pm_opp_set_sharing_cpus() and die with the table.
 *
 * ``struct dev_pm_opp``
 *   One OPP, counted by @kref. The table holds one reference on each OPP it
 *   lists; every OPP returned by a dev_pm_opp_find_*() call carries one more
 *   that the caller drops with dev_pm_opp_put(). An OPP does not point back to
 *   its table: everything dev_pm_opp_get_*() needs is in the OPP, so a caller
 *   may keep and read an OPP after it left its table, or after the table died.
 *   An OPP removed while someone else holds it lingers: its table keeps
 *   listing it (lookups find it, counts and debugfs show it) and its
 *   reference on it, until the last other holder lets go; that holder's
 *   put unlists it and tells the notifiers %OPP_EVENT_REMOVE (edit.c), or
 *   has the table's work item do it when the put comes in a context that
 *   cannot sleep. A lingering OPP points to its table with @lingers_in,
 *   which the table clears when it dies first.
 *   An OPP from firmware holds a reference on its device tree node and on the
 *   nodes of the OPPs it requires. When the core drops the last reference
 *   (removing the OPP, destroying the table, leaving the current OPP), it
 *   drops those nodes at once with opp_put(opp, true), and frees the memory
 *   after a grace period. When a caller's dev_pm_opp_put() is the last, which
 *   may be in atomic context, a work item drops them after a grace period,
 *   so dev_pm_opp_put() never sleeps in atomic context.
 *
 * ``struct opp_snapshot``
 *   The table's OPPs as readers see them: two sorted arrays, the available
 *   OPPs and the disabled ones, plus the suspend OPP. A snapshot is never
 *   changed after it is published; writers build a new one and swap the
 *   table's @snap pointer.
 *
 * Invariants
 * ----------
 *
 * - Within each array of a snapshot, OPPs are sorted ascending by
 *   opp_cmp(): the clock rates in clock order, then the peak bandwidth of each
 *   interconnect path, then the level. No two OPPs of a table compare equal.
 * - An OPP is listed in the available array if and only if its @available
 *   field is true in the snapshot that lists it.
 * - All OPPs of a table have @nr_clks rates, @nr_supplies supplies and
 *   @nr_paths bandwidth pairs, as the table says.
 * - Once published, an OPP changes only in @available (flipped by
 *   dev_pm_opp_enable() and dev_pm_opp_disable()), its first supply
 *   (changed in place by dev_pm_opp_adjust_voltage(), see @supplies_seq),
 *   and the bookkeeping fields @debug and @time. All other fields are
 *   fixed.
 * - A table's shape changes only while it has no OPPs, and never in the
 *   sizes its configured clocks and regulators fix.
 *
 * Locking
 * -------
 *
 * ``opp_tables_lock`` (registry.c, static) guards the device hash, every
 * table's @links list, the list of tables, and a table's reference count
 * reaching zero: dev_pm_opp_put_opp_table() drops the last reference and
 * unregisters the table in one critical section, so a table found in the
 * registry under this lock is always live. Other files reach the list only
 * through the registry's walks.
 *
 * ``opp_table->lock`` serialises the writers of one table: publishing a new
 * snapshot, flipping @available, changing a supply, and the fields of
 * the table grouped under it.
 *
 * ``opp_table->static_lock`` guards @static_users and serialises populating
 * a table from firmware with tearing that population down, so that a second
 * device sharing the table never sees it half loaded. The notifiers and
 * debugfs updates of a population run under it: a notifier must not load or
 * remove firmware tables.
 *
 * ``opp_table->dvfs_lock`` serialises transitions (dev_pm_opp_set_rate() and
 * friends) and the clocks, regulators and callbacks they use, which
 * dev_pm_opp_set_config() installs under it. It is the one OPP lock held
 * across clock, regulator, interconnect and power domain calls, so nothing
 * those frameworks call back into may take it. Each table's has its own
 * lockdep class, since a transition may reach another table's through a
 * power domain. Attaching power domains by name is the exception: genpd
 * takes its list lock and then the provider lock under which a provider
 * removes its own table (static_lock, then dvfs_lock), so config.c attaches
 * them without any OPP lock and takes dvfs_lock again to install them.
 *
 * ``opp_table->debug_lock`` serialises the table's debugfs directory: its
 * creation and removal and the entries of its OPPs and devices; it is held
 * across debugfs calls.
 *
 * ``opp_required_pending_lock`` (required.c) serialises the passes over
 * tables that wait for a required table.
 *
 * ``opp_votes_lock`` (votes.c) guards the list of vote aggregators: a leaf,
 * taken at most under ``dvfs_lock``, with no other lock taken under it and
 * never held with an aggregator's lock. An aggregator's own ``lock``, with a
 * lockdep class per aggregated device, is held across that device's
 * performance state call.
 *
 * The order, outermost first; a lock is only ever taken with locks above it
 * held, never below:
 *
 * 1. ``opp_required_pending_lock``
 * 2. ``static_lock``
 * 3. ``dvfs_lock`` (of one table; another table's only through a power
 *    domain, in its own class)
 * 4. an aggregator's ``lock``
 * 5. ``debug_lock``
 * 6. ``opp_table->lock``
 * 7. ``opp_tables_lock``, which is also taken alone. It is never held with
 *    ``opp_table->lock``: a function that needs both takes them one after
 *    the other.
 *
 * Every function whose comment says "Caller holds ..." asserts it, with
 * lockdep_assert_held() for a mutex and with rcu_dereference() or
 * RCU_LOCKDEP_WARN() for an RCU read-side section.
 *
 * Readers take no lock at all. Under rcu_read_lock() they find the link in
 * the hash, follow it to the table and its snapshot, search the snapshot and
 * take a reference on the OPP they return with kref_get_unless_zero(). A
 * table, a link, a snapshot and an OPP are all freed only after a grace
 * period, so every pointer a reader sees stays valid until its
 * rcu_read_unlock(). The two readers every transition goes through,
 * opp_table_find() and opp_table_pick_rate(), use rcu_read_lock_sched()
 * instead: the grace periods those frees wait for cover a section with
 * preemption off too, and it is cheaper on a preemptible kernel. The
 * find_* and get_* functions are therefore safe in atomic context. The
 * getters of an OPP the caller holds need no RCU: an OPP's fields are
 * fixed but for the few listed above, each read with READ_ONCE() or under
 * @supplies_seq.
 *
 * Apart from ``dvfs_lock``, an aggregator's ``lock``, ``static_lock`` (see above) and
 * ``debug_lock``, no OPP lock is held while notifiers, clock, regulator or
 * debugfs code runs.
 *
 * Names
 * -----
 *
 * ``table`` is a &struct opp_table, ``opp`` a &struct dev_pm_opp, ``snap`` a
 * &struct opp_snapshot, ``link`` a &struct opp_link.
 *
 * - ``*_find*()`` looks something up and returns it with a reference the
 *   caller drops (dev_pm_opp_put(), dev_pm_opp_put_opp_table()), or an
 *   error pointer or NULL as its comment says.
 * - ``*_lookup_rcu()`` looks something up under the caller's RCU read-side
 *   section and returns it without a reference: valid until
 *   rcu_read_unlock().
 * - ``*_get*()`` takes a reference on what the caller already has, or
 *   acquires a resource (a clock, a regulator, a path) that ``*_put*()``
 *   releases; ``*_get_<value>()`` of the public API reads a value.
 * - ``__opp_x()`` runs under a lock its caller holds: its comment says
 *   which ("Caller holds ...") and it asserts it. Where opp_x() exists too,
 *   it is the same function taking that lock itself.
 * - ``opp_of_*()`` reads the device tree; ``opp_table_*()`` works on one
 *   table; ``opp_tables_*()`` on all of them.
 *
 * Files
 * -----
 *
 * Each .c file is one concern, and calls only go down this list (README.md
 * has the map): opp.c, snapshot.c, registry.c, debugfs.c, resources.c,
 * table.c, lookup.c, edit.c, required.c, votes.c, dvfs.c, config.c,
 * table_api.c, cpu.c, of_node.c, of.c, em.c, cpufreq.c. The one way up is a
 * walk: the registry calls back the visitor its caller passes. of_node.c
 * and of.c share of.h, the state of a device tree table load.
 */

/**
 * enum opp_sharing - whether the devices of a table share it on purpose
 * @OPP_SHARING_UNKNOWN: nobody said; the table was built from code
 * @OPP_SHARING_EXCLUSIVE: the table belongs to one device only
 * @OPP_SHARING_SHARED: the devices linked to the table share their clock and
 *	supplies
 */
enum opp_sharing {
	OPP_SHARING_UNKNOWN,
	OPP_SHARING_EXCLUSIVE,
	OPP_SHARING_SHARED,
};

/**
 * struct opp_icc_bw - bandwidth an OPP asks of one interconnect path
 * @avg: average bandwidth in kBps
 * @peak: peak bandwidth in kBps
 */
struct opp_icc_bw {
	u32 avg;
	u32 peak;
};

/**
 * enum opp_presence - where an OPP stands in its table
 * @OPP_LISTED: the table lists the OPP and holds a reference on it
 * @OPP_LINGERING: removed while held: still listed until its last other
 *	holder lets go
 * @OPP_LEAVING: the edit under way unlists it
 */
enum opp_presence {
	OPP_LISTED,
	OPP_LINGERING,
	OPP_LEAVING,
};

/**
 * struct dev_pm_opp - one operating performance point
 * @kref: references: one from the table while it lists the OPP, one per
 *	caller holding it
 * @nr_clks: number of rates in @data
 * @nr_supplies: number of supplies the table drives (may be 0)
 * @nr_paths: number of interconnect paths with a bandwidth
 * @nr_required: number of required OPPs, in "required-opps" order
 * @available: listed among the available OPPs; written under the table's
 *	lock with WRITE_ONCE(), read with READ_ONCE()
 * @dynamic: added by code (dev_pm_opp_add_dynamic()), not from firmware
 * @turbo: a boost point, not for sustained use
 * @suspend: the OPP to use while the device is suspended
 * @presence: an &enum opp_presence, under the table's lock
 * @inherits_level: the OPP's only required OPP is a power domain's, whose
 *	table was not loaded when this OPP was: its level is stored in @level
 *	when that table is (unless a required device carries the vote), and
 *	transitions wait until then. Written under the table's lock, cleared
 *	with a release after @level is stored
 * @level: performance level, or %OPP_LEVEL_UNSET; once set, an inherited
 *	level is written with WRITE_ONCE() under the table's lock
 * @supplies_seq: dev_pm_opp_adjust_voltage() changes the first supply in
 *	place inside a write section of this count, so that a reader that
 *	copies more than one field retries rather than mix old and new
 *	values (see opp_read_supplies()); a single field is read with
 *	READ_ONCE()
 * @clock_latency_ns: time the clock takes to reach this OPP, in ns (a u32
 *	cell in the device tree)
 * @np: the OPP's device tree node, referenced, or NULL
 * @lingers_in: the table that lists the OPP after its removal, until its
 *	last other holder lets go; NULL before its removal, and once that
 *	table died. Set under the table's lock, read under RCU (the table is
 *	freed after a grace period)
 * @debug: its debugfs directory, NULL before it has one, an error pointer
 *	once it left the table; under the table's debug_lock. Only with
 *	CONFIG_DEBUG_FS, which keeps an OPP of one rate and one supply in 96
 *	bytes without it
 * @time: time the device ran at this OPP, in jiffies, for debugfs; under the
 *	table's dvfs_lock
 * @release: entry in the list of OPPs waiting to be freed; shares its
 *	storage with @time, which nobody reads once the last reference is gone
 * @data: the rates (@nr_clks unsigned longs), then the supplies
 *	(max(1, @nr_supplies) entries), then the bandwidths (@nr_paths
 *	&struct opp_icc_bw), then the referenced device tree nodes of the
 *	required OPPs (@nr_required pointers)
 */
struct dev_pm_opp {
	struct kref kref;
	u8 nr_clks;
	u8 nr_supplies;
	u8 nr_paths;
	u8 nr_required;
	bool available;
	u8 presence;
	bool inherits_level;
	/* Fixed before the OPP is published: bits of one byte. */
	bool dynamic:1;
	bool turbo:1;
	bool suspend:1;
	unsigned int level;
	seqcount_t supplies_seq;
	u32 clock_latency_ns;
	struct device_node *np;
	struct opp_table *lingers_in;
#ifdef CONFIG_DEBUG_FS
	struct opp_debug *debug;
#endif
	union {
		u64 time;
		struct llist_node release;
	};
	unsigned long data[];
};

/**
 * struct opp_shape - sizes that every OPP of a table has
 * @nr_clks: rates per OPP, at least one
 * @nr_supplies: supplies per OPP (0 when the table drives none)
 * @nr_paths: interconnect paths per OPP
 * @nr_required: required OPPs per OPP
 */
struct opp_shape {
	u8 nr_clks;
	u8 nr_supplies;
	u8 nr_paths;
	u8 nr_required;
};

/**
 * struct opp_slots - the array behind one or more snapshots
 * @rcu: frees the array after a grace period
 * @size: number of entries in @opps, at least as many as any snapshot using
 *	the array lists
 * @opps: the OPPs
 */
struct opp_slots {
	struct rcu_head rcu;
	unsigned int size;
	struct dev_pm_opp *opps[];
};

/**
 * struct opp_snapshot - the immutable view of a table that readers search
 * @shape: the table's shape when the snapshot was built
 * @nr_avail: number of available OPPs, at the front of @opps
 * @nr_unavail: number of disabled OPPs, after the available ones
 * @unsorted: bit opp_key_bit(key) is set when that key may not ascend
 *	along one of the arrays, which makes searches on it linear
 * @suspend: the suspend OPP, or NULL
 * @opps: the available OPPs, then the disabled ones, each part sorted by
 *	opp_cmp(): the entries of a &struct opp_slots, or NULL when there are
 *	none
 *
 * A snapshot that only appends an available OPP to one without disabled
 * OPPs shares its predecessor's slots when they have room: the new OPP goes
 * into the first entry past the predecessor's count, which no published
 * snapshot lists, so what readers see still never changes. Only the newest
 * snapshot of a table is ever appended to, so those counts only grow. The
 * header is small, and freed without an rcu_head, so that a loop of single
 * adds leaves a few dozen bytes per OPP waiting for a grace period.
 */
struct opp_snapshot {
	struct opp_shape shape;
	unsigned int nr_avail;
	unsigned int nr_unavail;
	u32 unsorted;
	struct dev_pm_opp *suspend;
	struct dev_pm_opp **opps;
};

/**
 * struct opp_link - membership of one device in one table
 * @dev: the device
 * @table: the table it uses
 * @hash_node: entry in the global device hash
 * @table_node: entry in the table's @links list
 * @rcu: frees the link after a grace period
 */
struct opp_link {
	struct device *dev;
	struct opp_table *table;
	struct hlist_node hash_node;
	struct list_head table_node;
	struct rcu_head rcu;
};

/**
 * enum opp_dvfs_step - what a transition moves, in the order it moves them
 *	when scaling up (scaling down walks them backwards)
 * @OPP_STEP_REQUIRED: the performance states of the required devices
 * @OPP_STEP_LEVEL: the device's own performance state
 * @OPP_STEP_BW: the interconnect bandwidths
 * @OPP_STEP_REGULATORS: the platform's callback for the supplies
 * @OPP_STEP_SUPPLY: the single supply of a table without a set_opp helper
 *	(several supplies without a callback are left alone)
 * @OPP_STEP_CLOCK: the clocks
 * @OPP_NR_STEPS: the number of steps
 */
enum opp_dvfs_step {
	OPP_STEP_REQUIRED,
	OPP_STEP_LEVEL,
	OPP_STEP_BW,
	OPP_STEP_REGULATORS,
	OPP_STEP_SUPPLY,
	OPP_STEP_CLOCK,
	OPP_NR_STEPS,
};

/**
 * struct opp_counted_setting - a setting made through the original API
 * @token: the dev_pm_opp_set_config() token behind it, 0 if none
 * @users: callers that asked for it and did not put it yet
 */
struct opp_counted_setting {
	int token;
	unsigned int users;
};

/**
 * struct opp_table - OPPs shared by one or more devices
 * @kref: references, see the DOC block above
 * @np: the "operating-points-v2" node the table was built from, referenced,
 *	or NULL
 * @is_genpd: the table belongs to a power domain provider
 * @rcu: frees the table after a grace period
 * @node: entry in the registry's list of tables
 * @links: the devices that use this table
 * @lock: serialises the writers of this table
 * @snap: the published snapshot, never NULL while the table lives; read
 *	under RCU
 * @shape: sizes of the OPPs of this table
 * @sharing: whether the table is shared on purpose; set at creation for
 *	tables from firmware
 * @supplies_configured: the platform named the regulators, which fixes
 *	@shape.nr_supplies
 * @prop_name: suffix of the "opp-microvolt-<name>" style properties
 * @supported_hw: hardware versions matched against "opp-supported-hw"
 * @supported_hw_count: number of words in @supported_hw
 * @voltage_tolerance_v1: tolerance in percent applied to OPPs added with a
 *	single voltage
 * @clock_latency_ns_max: highest clock latency of any OPP added so far;
 *	read with READ_ONCE()
 * @unlisting: unlists the lingering OPPs whose last other holder let go in
 *	a context that cannot sleep
 * @unlisting_refs: table references taken for @unlisting by those holders,
 *	which it drops
 * @static_lock: serialises firmware population and its removal
 * @static_users: devices that populated the table from firmware
 * @icc_paths: interconnect paths of the table's bandwidths; set once, under
 *	both @static_lock and @dvfs_lock, which transitions hold
 * @nr_icc_paths: number of entries in @icc_paths
 * @required_pending: the firmware OPPs require OPPs of a table that was not
 *	loaded yet; cleared once every required table is there and the OPPs
 *	whose required OPPs are disabled were disabled too; read with
 *	READ_ONCE()
 * @required_pass: the last pass over pending tables (required.c) that saw this
 *	one; under that file's lock
 * @dvfs_lock: serialises transitions and the configuration they use
 * @dvfs_key: the lockdep class of @dvfs_lock, one per table
 * @clks: the clocks, in "opp-hz" order, or NULL
 * @nr_clk_handles: number of entries in @clks
 * @clks_configured: @clks came from dev_pm_opp_set_config(), not from
 *	clk_get(dev, NULL)
 * @clk_looked_up: clk_get(dev, NULL) was tried and gave a clock or -ENOENT
 *	(read without the lock by opp_table_get_clock(), hence WRITE_ONCE()),
 *	not to be tried again while @clks is unchanged
 * @config_clks: programs the clocks instead of the core, or NULL
 * @regulators: the supplies' regulators, in supply order, or NULL
 * @nr_regulators: number of entries in @regulators
 * @config_regulators: programs the regulators instead of the core, or NULL
 * @set_opp: the legacy helper that programs the regulators, or NULL
 * @set_opp_data: what @set_opp is given, preallocated
 * @required_devs: the devices whose performance state follows each entry of
 *	"required-opps" (NULL entries are skipped), or NULL
 * @nr_required_devs: number of entries in @required_devs
 * @genpd_devs: @required_devs came from attaching power domains, which are
 *	detached when the configuration is cleared
 * @dvfs_steps: the steps a transition takes, bit n for &enum opp_dvfs_step
 *	n; set by __opp_table_plan_dvfs() whenever a resource comes or goes
 * @regulators_setting: the regulators named by the table-returning
 *	dev_pm_opp_set_regulators()
 * @helper_setting: users of the table-returning set_opp helper
 * @required_seen: opp_removal_count when the required OPPs were last all
 *	found; while it has not moved they are not searched again
 * @current_opp: the OPP the device runs at, referenced, or NULL
 * @current_rate: the rate the first clock was set to
 * @enabled: the device's votes (supplies on, bandwidth, levels) are in place
 * @unsure: a failed transition could not restore everything; the next one
 *	sets every resource
 * @supplies_on: the core took its enable step for the regulators (only
 *	without a platform callback, which owns them then); a refusal does not
 *	undo it, so the step is not retried
 * @nr_supplies_enabled: how many regulators, in supply order, that step
 *	enabled: the ones to disable again
 * @transitions: number of completed transitions, for debugfs
 * @since: when the current OPP's time started to count, in jiffies
 * @last_error: error of the last failed transition, 0 if none
 * @debug_lock: serialises the table's debugfs entries; held across debugfs
 *	calls; may take @lock
 * @dentry: the table's debugfs directory
 * @debug_links: symlinks of the other devices
 * @notifiers: told about OPP_EVENT_* changes, called without any OPP lock
 *	held; the chain has its own lock
 *
 * The fields are grouped by what guards them: fixed at creation; the
 * registry's opp_tables_lock; @lock; @static_lock; required.c's pending
 * lock; @dvfs_lock; @debug_lock; the notifier chain's own.
 */
struct opp_table {
	/* Fixed once the table is published. */
	struct kref kref;
	struct device_node *np;
	bool is_genpd;
	struct rcu_head rcu;
	struct work_struct unlisting;
	atomic_t unlisting_refs;

	/* Under opp_tables_lock (registry.c); @node is walked under RCU. */
	struct list_head node;
	struct list_head links;

	/* Under @lock. */
	struct mutex lock;
	struct opp_snapshot __rcu *snap;
	struct opp_shape shape;
	enum opp_sharing sharing;
	bool supplies_configured;
	const char *prop_name;
	u32 *supported_hw;
	unsigned int supported_hw_count;
	unsigned int voltage_tolerance_v1;
	unsigned long clock_latency_ns_max;

	/* Under @static_lock. */
	struct mutex static_lock;
	unsigned int static_users;
	struct icc_path **icc_paths;
	unsigned int nr_icc_paths;
	bool required_pending;

	/* Under opp_required_pending_lock (required.c). */
	unsigned long required_pass;

	/* Under @dvfs_lock. */
	struct mutex dvfs_lock;
	struct lock_class_key dvfs_key;
	struct clk **clks;
	unsigned int nr_clk_handles;
	bool clks_configured;
	bool clk_looked_up;
	config_clks_t config_clks;
	struct regulator **regulators;
	unsigned int nr_regulators;
	config_regulators_t config_regulators;
	int (*set_opp)(struct dev_pm_set_opp_data *data);
	struct dev_pm_set_opp_data *set_opp_data;
	struct device **required_devs;
	unsigned int nr_required_devs;
	bool genpd_devs;
	u8 dvfs_steps;
	struct opp_counted_setting regulators_setting;
	struct opp_counted_setting helper_setting;
	unsigned long required_seen;
	struct dev_pm_opp *current_opp;
	unsigned long current_rate;
	bool enabled;
	bool unsure;
	bool supplies_on;
	unsigned int nr_supplies_enabled;
	unsigned long transitions;
	u64 since;
	int last_error;

	/* Under @debug_lock. */
	struct mutex debug_lock;
	struct dentry *dentry;
	struct list_head debug_links;

	/* Under the chain's own lock. */
	struct blocking_notifier_head notifiers;
};

/**
 * enum opp_key_kind - what an OPP search compares
 * @OPP_KEY_RATE: one of the clock rates
 * @OPP_KEY_LEVEL: the performance level
 * @OPP_KEY_BW: the peak bandwidth of one interconnect path
 */
enum opp_key_kind {
	OPP_KEY_RATE,
	OPP_KEY_LEVEL,
	OPP_KEY_BW,
};

/**
 * struct opp_key - a search key
 * @kind: what to compare
 * @index: which clock or path, for %OPP_KEY_RATE and %OPP_KEY_BW
 * @single_clk: the caller named no clock, so the table must have only one
 */
struct opp_key {
	enum opp_key_kind kind;
	unsigned int index;
	bool single_clk;
};

/* Storage trailing an OPP; see &struct dev_pm_opp.data. */
static inline unsigned long *opp_rates(struct dev_pm_opp *opp)
{
	return opp->data;
}

static inline struct dev_pm_opp_supply *opp_supplies(struct dev_pm_opp *opp)
{
	return (struct dev_pm_opp_supply *)(opp->data + opp->nr_clks);
}

/*
 * The voltages of the first supply of @opp, which has at least one, never
 * half adjusted: what opp_read_supplies() gives, for the three values a
 * transition sets.
 */
static inline void opp_read_first_voltages(struct dev_pm_opp *opp,
					   unsigned long *min,
					   unsigned long *target,
					   unsigned long *max)
{
	const struct dev_pm_opp_supply *supply = opp_supplies(opp);
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&opp->supplies_seq);
		*min = supply->u_volt_min;
		*target = supply->u_volt;
		*max = supply->u_volt_max;
	} while (read_seqcount_retry(&opp->supplies_seq, seq));
}

static inline struct opp_icc_bw *opp_bw(struct dev_pm_opp *opp)
{
	return (struct opp_icc_bw *)(opp_supplies(opp) +
				     max_t(unsigned int, opp->nr_supplies, 1));
}

static inline struct device_node **opp_required_nps(struct dev_pm_opp *opp)
{
	return (struct device_node **)(opp_bw(opp) + opp->nr_paths);
}

/* Keys and order (snapshot.c) */

/**
 * opp_bisect() - where a condition starts to hold in an ordered run of OPPs
 * @opps: OPPs ordered so that @holds is false for some first ones and true
 *	for all the others
 * @nr: how many
 * @holds: the condition, asked of one OPP with @arg
 * @arg: passed to @holds
 *
 * The one bisection of the core. Always inline: @holds is a constant at
 * every call, so it is inlined too and a lookup makes no indirect call.
 *
 * Context: Any context.
 * Return: the index of the first OPP for which @holds is true, @nr if none.
 */
static __always_inline unsigned int
opp_bisect(struct dev_pm_opp * const *opps, unsigned int nr,
	   bool (*holds)(struct dev_pm_opp *opp, void *arg), void *arg)
{
	unsigned int lo = 0, hi = nr, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (holds(opps[mid], arg))
			hi = mid;
		else
			lo = mid + 1;
	}

	return lo;
}

/* Inlined: it runs at every step of every bisection. */
static __always_inline unsigned long opp_key_value(struct dev_pm_opp *opp,
						   const struct opp_key *key)
{
	switch (key->kind) {
	case OPP_KEY_RATE:
		return opp_rates(opp)[key->index];
	case OPP_KEY_BW:
		return opp_bw(opp)[key->index].peak;
	case OPP_KEY_LEVEL:
	default:
		return READ_ONCE(opp->level);
	}
}

#define OPP_KEY_BITS_PER_KIND	8

/* Keys with a large index share the last bit of their kind. */
static inline unsigned long opp_key_bit(const struct opp_key *key)
{
	unsigned int index = min_t(unsigned int, key->index,
				   OPP_KEY_BITS_PER_KIND - 1);

	return BIT(key->kind * OPP_KEY_BITS_PER_KIND + index);
}

static inline bool opp_key_fits(const struct opp_shape *shape,
				const struct opp_key *key)
{
	switch (key->kind) {
	case OPP_KEY_RATE:
		if (key->single_clk && shape->nr_clks > 1)
			return false;
		return key->index < shape->nr_clks;
	case OPP_KEY_BW:
		return key->index < shape->nr_paths;
	default:
		return true;
	}
}

/**
 * enum opp_match - which OPP a search by key returns
 * @OPP_MATCH_EXACT: one whose key equals the target
 * @OPP_MATCH_CEIL: the first whose key is at or above the target
 * @OPP_MATCH_FLOOR: the last whose key is at or below the target
 */
enum opp_match {
	OPP_MATCH_EXACT,
	OPP_MATCH_CEIL,
	OPP_MATCH_FLOOR,
};

/* Selects OPPs for a change; @arg is the change's. */
typedef bool (*opp_filter_t)(struct dev_pm_opp *opp, const void *arg);

/**
 * struct opp_batch - new OPPs, sorted by opp_cmp()
 * @opps: the OPPs
 * @nr: how many
 */
struct opp_batch {
	struct dev_pm_opp * const *opps;
	unsigned int nr;
};

/**
 * struct opp_change - how a snapshot differs from the one it follows
 * @shape: the new shape, or NULL to keep the table's
 * @insert: OPPs that come in, sorted by opp_cmp(), or NULL
 * @drop: selects the OPPs that leave, or NULL
 * @flip: selects the OPPs that change between available and disabled, or
 *	NULL
 * @arg: passed to @drop and @flip
 * @dropped: receives the OPPs @drop selects, in table order, or NULL; the
 *	caller knows how many
 */
struct opp_change {
	const struct opp_shape *shape;
	const struct opp_batch *insert;
	opp_filter_t drop;
	opp_filter_t flip;
	const void *arg;
	struct dev_pm_opp **dropped;
};

int opp_cmp(struct dev_pm_opp *a, struct dev_pm_opp *b);
unsigned int opp_partition(struct dev_pm_opp * const *opps, unsigned int nr,
			   const struct opp_key *key, unsigned long target,
			   bool equal, bool sorted);
struct dev_pm_opp *opp_snapshot_find(const struct opp_snapshot *snap,
				     const struct opp_key *key,
				     unsigned long target, enum opp_match match,
				     bool available);

/* For opp_bisect(): whether @opp runs at *@rate or faster. */
static __always_inline bool opp_rate_reached(struct dev_pm_opp *opp,
					     void *rate)
{
	return opp_rates(opp)[0] >= *(unsigned long *)rate;
}

/**
 * opp_snapshot_ceil_rate() - the slowest available OPP at or above a rate
 * @snap: the snapshot, held by the caller
 * @rate: the rate of the first clock
 *
 * The first clock's rate is the first thing opp_cmp() compares, so the
 * available OPPs always ascend by it: a transition bisects them directly,
 * without the key machinery of opp_snapshot_find().
 *
 * Context: Any context; takes no lock and no reference.
 * Return: the OPP, or NULL.
 */
static inline struct dev_pm_opp *
opp_snapshot_ceil_rate(const struct opp_snapshot *snap, unsigned long rate)
{
	unsigned int i = opp_bisect(snap->opps, snap->nr_avail,
				    opp_rate_reached, &rate);

	return i < snap->nr_avail ? snap->opps[i] : NULL;
}

unsigned int opp_lower_bound(struct dev_pm_opp * const *opps, unsigned int nr,
			     struct dev_pm_opp *opp);
struct dev_pm_opp *opp_range_find_same(struct dev_pm_opp * const *opps,
				       unsigned int nr, struct dev_pm_opp *opp);
struct opp_snapshot *opp_snapshot_alloc(const struct opp_shape *shape,
					unsigned int nr);
bool opp_snapshot_shares_slots(const struct opp_snapshot *old,
			       const struct opp_snapshot *snap);
void opp_snapshot_free(struct opp_snapshot *snap, bool keep_slots);
void opp_snapshot_retire(struct opp_snapshot *snap, bool keep_slots);
struct opp_snapshot *opp_snapshot_next(const struct opp_snapshot *old,
				       const struct opp_shape *shape,
				       const struct opp_change *change);

/* OPP objects (opp.c) */

/*
 * The one rule for an OPP equal in table order (rates, bandwidths, level) to
 * one a table has, whether added by code or read from a device tree: it is a
 * harmless repeat when @old is available with the same first voltage. Both
 * then describe the same point, so dropping @new loses nothing and the
 * driver or the table load goes on. Anything else is a clash: the two
 * disagree about one point, and the core cannot tell which of them the
 * hardware was validated at.
 */
static inline bool opp_is_harmless_repeat(struct dev_pm_opp *old,
					  struct dev_pm_opp *new)
{
	return old->available &&
	       opp_supplies(old)[0].u_volt == opp_supplies(new)[0].u_volt;
}

struct dev_pm_opp *opp_alloc(const struct opp_shape *shape);
void opp_free(struct dev_pm_opp *opp);
void opp_flush_releases(void);
/*
 * Whether the caller may sleep, as far as the kernel can tell: without
 * CONFIG_PREEMPT_COUNT it cannot, and the answer is no.
 */
static inline bool opp_caller_may_sleep(void)
{
	return preemptible() && !rcu_preempt_depth();
}

struct opp_table *opp_drop(struct dev_pm_opp *opp, bool sleepable);
struct opp_table *opp_lingering_table(struct dev_pm_opp *opp);
void opp_release_as_caller(struct kref *kref);
void opp_queue_unlisting(struct opp_table *table);

/*
 * After a put that left @opp referenced: the table to unlist it from, as
 * opp_drop() returns it. Inline, since most puts stop at the first test.
 */
static inline struct opp_table *opp_after_put(struct dev_pm_opp *opp)
{
	/*
	 * Pairs with the barrier of the edit that makes the OPP linger: it
	 * reads the count after setting @lingers_in, we read @lingers_in after
	 * lowering the count, so one of the two sees the other.
	 */
	smp_mb__after_atomic();
	if (likely(!READ_ONCE(opp->lingers_in)))
		return NULL;
	return opp_lingering_table(opp);
}

/*
 * opp_drop() for dev_pm_opp_put(), inlined there since most puts only lower
 * the count: the context is looked at when the reference was the last.
 */
static inline struct opp_table *opp_drop_as_caller(struct dev_pm_opp *opp)
{
	if (kref_put(&opp->kref, opp_release_as_caller))
		return NULL;
	return opp_after_put(opp);
}

void opp_put(struct dev_pm_opp *opp, bool sleepable);
void opp_read_supplies(struct dev_pm_opp *opp, unsigned int first,
		       struct dev_pm_opp_supply *out, unsigned int nr);
void opp_write_first_supply(struct dev_pm_opp *opp,
			    const struct dev_pm_opp_supply *v);

/* The registry (registry.c) */
struct opp_table *opp_table_lookup_rcu(const struct device *dev);
struct opp_table *opp_table_find(struct device *dev);
struct opp_table *opp_table_install(struct device *dev, struct opp_table *new,
				    bool *linked);
int opp_table_add_link(struct opp_table *table, struct device *dev);
bool opp_table_unregister(struct opp_table *table);
bool opp_tables_walk_rcu(bool (*visit)(struct opp_table *table, void *data),
			 void *data);
void opp_tables_walk(void (*visit)(struct opp_table *table, void *data),
		     void *data);
/* Visits one device of a table; @data is the walk's. */
typedef void (*opp_dev_visit_t)(struct device *dev, void *data);
void __opp_table_visit_devices(struct opp_table *table, opp_dev_visit_t visit,
			       void *data);
void opp_table_visit_devices(struct opp_table *table, opp_dev_visit_t visit,
			     void *data);

/* Caller holds @table's lock. The table's current snapshot. */
static inline struct opp_snapshot *__opp_table_snapshot(struct opp_table *table)
{
	return rcu_dereference_protected(table->snap,
					 lockdep_is_held(&table->lock));
}

/* Resources (resources.c) */

/* What opp_get_handles() gets: clocks, regulators or interconnect paths. */
enum opp_handle_kind {
	OPP_HANDLE_CLK,
	OPP_HANDLE_REGULATOR,
	OPP_HANDLE_PATH,
};

void *opp_get_handles(struct device *dev, enum opp_handle_kind kind,
		      const char * const *names, unsigned int nr);
void opp_put_handles(enum opp_handle_kind kind, void *handles, unsigned int nr);
int opp_of_count_paths(struct device *dev, struct device_node *np, bool quiet);
int __opp_table_keep_paths(struct device *dev, struct opp_table *table,
			   unsigned int nr);
int opp_table_get_paths(struct device *dev, struct opp_table *table);
void __opp_table_plan_dvfs(struct opp_table *table);
int opp_table_get_clock(struct opp_table *table, struct device *dev);
void opp_check_regulators(struct opp_table *table, struct device *dev,
			  struct dev_pm_opp *opp);
void opp_enable_supplies(struct opp_table *table, struct device *dev);
void opp_disable_supplies(struct opp_table *table);

/* Tables (table.c) */
int opp_of_node_required_entries(struct device_node *np);
unsigned int opp_of_table_required_count(struct device_node *np);
struct opp_table *opp_table_get_or_create(struct device *dev, int index);
int opp_table_link_device(struct opp_table *table, struct device *dev);
void opp_notify(struct opp_table *table, enum dev_pm_opp_event event,
		struct dev_pm_opp *opp);

/* Lookups (lookup.c) */

bool opp_expect_one_clock(unsigned int nr_clks);

/**
 * struct opp_table_span - what a table holds, for messages
 * @nr_avail: available OPPs
 * @nr_unavail: disabled OPPs
 * @lo: first clock's rate of the slowest available OPP
 * @hi: first clock's rate of the fastest available OPP
 */
struct opp_table_span {
	unsigned int nr_avail;
	unsigned int nr_unavail;
	unsigned long lo;
	unsigned long hi;
};

struct dev_pm_opp *opp_table_pick_rate(struct opp_table *table,
				       struct device *dev, unsigned long rate);
bool opp_table_has_available(struct opp_table *table);
bool opp_table_is_empty(struct opp_table *table);
void opp_table_get_span(struct opp_table *table, struct opp_table_span *span);

/* Writers (edit.c) */

/**
 * enum opp_repeat - how a new OPP relates to the OPPs a table has
 * @OPP_NEW: no OPP of the table equals it in table order
 * @OPP_REPEAT: an equal OPP is available with the same first voltage: the
 *	new one is a harmless repeat, to be ignored
 * @OPP_CLASH: an equal OPP differs or is disabled: adding the new one fails
 *	with -EEXIST
 */
enum opp_repeat {
	OPP_NEW,
	OPP_REPEAT,
	OPP_CLASH,
};

/*
 * How many edits of any table removed OPPs so far: a required OPP that was
 * found stays found until this moves. __opp_required_pending() reads it.
 */
extern atomic_long_t opp_removal_count;

int opp_table_set_shape(struct opp_table *table, const struct opp_shape *shape);
int opp_table_add_batch(struct opp_table *table, struct dev_pm_opp **opps,
			unsigned int nr, struct dev_pm_opp * const *order);
enum opp_repeat opp_table_check_repeat(struct opp_table *table,
				       struct dev_pm_opp *opp);
void opp_let_go(struct dev_pm_opp *opp);
DEFINE_FREE(opp_let_go, struct dev_pm_opp *, opp_let_go(_T))
int opp_table_inherit_levels(struct opp_table *table,
			     unsigned int (*level_of)(struct dev_pm_opp *opp));
int opp_table_disable_unmet(struct opp_table *table,
			    bool (*unmet)(struct dev_pm_opp *opp));
int opp_table_populate_static(struct opp_table *table,
			      int (*populate)(struct opp_table *table,
					      void *data),
			      void *data);

/* Required OPPs (required.c) */

/**
 * struct opp_required_state - what a required OPP node stands for
 * @level: the required OPP's level, %OPP_LEVEL_UNSET when it has none
 * @available: the required OPP is available
 * @genpd: its table belongs to a power domain provider
 */
struct opp_required_state {
	unsigned int level;
	bool available;
	bool genpd;
};

bool opp_required_resolve(struct device_node *np,
			  struct opp_required_state *state);
bool opp_table_np_loaded(struct device_node *np);
bool opp_of_is_opp_node(struct device_node *np);
struct device_node *opp_of_required_table(struct device_node *first,
					  unsigned int i);
void opp_required_check_available(struct device *dev, struct dev_pm_opp *opp);
int opp_required_check_loop(struct device *dev, struct device_node *np);
void opp_required_link_pending(void);
bool opp_required_level(struct dev_pm_opp *opp, unsigned int i,
			unsigned int *level);
bool __opp_required_search(struct opp_table *table, struct dev_pm_opp *opp,
			   unsigned long removals);

/**
 * __opp_required_pending() - whether an OPP waits for a required table
 * @table: the table of @opp
 * @opp: an OPP a transition is about to leave or reach
 *
 * Whether one of @opp's required OPPs is missing, its table not being
 * loaded yet. Whoever votes for it (a required device, or the device itself
 * for an inherited level), the vote cannot be known. Inline: every
 * transition asks, nearly always of an OPP that requires nothing or whose
 * required OPPs were all found since the last removal anywhere.
 *
 * Context: Caller holds @table's dvfs_lock; takes no other lock.
 * Return: true while a required OPP of @opp cannot be resolved.
 */
static inline bool __opp_required_pending(struct opp_table *table,
					  struct dev_pm_opp *opp)
{
	unsigned long removals = atomic_long_read(&opp_removal_count);

	lockdep_assert_held(&table->dvfs_lock);
	if (!opp->nr_required)
		return false;
	/* Acquire: the levels stored before the link are seen. */
	if (!smp_load_acquire(&table->required_pending) &&
	    table->required_seen == removals)
		return false;

	return __opp_required_search(table, opp, removals);
}

/* Configuration (config.c) */
struct dev_pm_set_opp_data *opp_alloc_set_opp_data(struct device *dev,
						   unsigned int nr);

/* Required devices and their votes (votes.c) */
void opp_detach_genpds(struct device **devs, unsigned int nr);
void __opp_required_devs_take(struct opp_table *table, struct device **devs,
			      unsigned int nr, bool genpds);
void __opp_required_devs_clear(struct opp_table *table);
int __opp_required_devs_move(struct opp_table *table, struct dev_pm_opp *opp,
			     bool reversed);

/* debugfs.c, or its stubs without CONFIG_DEBUG_FS */
#ifdef CONFIG_DEBUG_FS
void opp_debug_add_device(struct opp_table *table, struct device *dev);
void opp_debug_remove_table(struct opp_table *table);
void opp_debug_add_opp(struct opp_table *table, struct dev_pm_opp *opp);
void opp_debug_remove_opp(struct opp_table *table, struct dev_pm_opp *opp);
#else
static inline void opp_debug_add_device(struct opp_table *table,
					struct device *dev) {}
static inline void opp_debug_remove_table(struct opp_table *table) {}
static inline void opp_debug_add_opp(struct opp_table *table,
				     struct dev_pm_opp *opp) {}
static inline void opp_debug_remove_opp(struct opp_table *table,
					struct dev_pm_opp *opp) {}
#endif

#endif /* __DRIVERS_OPP_H__ */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Required devices: those a table's configuration names, or the power
 * domains it attaches by name, and the states a transition sets them to;
 * and the votes of several consumers on one of them, aggregated.
 *
 * A transition sets the performance state of each required device its table
 * was configured with (dev_pm_opp_config.required_devs) to the level of the
 * OPP's required OPP. When several consumers share one required device (a
 * PHY clock, another device's table), each transition sets what its own
 * consumer asks for, so one consumer scaling down starves another. A
 * required device whose owner opted in with
 * dev_pm_opp_enable_vote_aggregation() instead keeps one vote per consumer
 * table and runs at the highest; a consumer whose votes are dropped (rate 0,
 * or its configuration cleared) gives its vote back. Power domains attached
 * by name (genpd virtual devices) are left alone: genpd aggregates them.
 *
 * Locking: ``opp_votes_lock`` guards the list of aggregators and is never
 * held across a call out. Each aggregator's own lock, with its own lockdep
 * class, guards its votes and is held across the performance state call, so
 * that the state set is always the highest vote recorded. Order: the
 * consumer's ``dvfs_lock``, then the aggregator's lock.
 */

#include "opp.h"

#include <linux/pm_domain.h>

/**
 * struct opp_vote - one consumer's vote on a required device
 * @node: entry in the aggregator's @votes
 * @voter: the consumer's table, compared only
 * @level: the performance state it asks for
 */
struct opp_vote {
	struct list_head node;
	const struct opp_table *voter;
	unsigned int level;
};

/**
 * struct opp_votes - the votes on one required device
 * @kref: one reference while listed, one per transition using it
 * @node: entry in opp_votes_list, under opp_votes_lock
 * @dev: the required device
 * @lock: guards the fields below; held across the performance state call
 * @key: @lock's lockdep class, one per aggregator
 * @votes: the &struct opp_vote of the consumers
 * @applied: the state last set, valid when @set
 * @set: a state was set since aggregation began
 */
struct opp_votes {
	struct kref kref;
	struct list_head node;
	struct device *dev;
	/* guards @votes, @applied and @set */
	struct mutex lock;
	struct lock_class_key key;
	struct list_head votes;
	unsigned int applied;
	bool set;
};

/* Guards opp_votes_list; never held across a call out of this file. */
static DEFINE_MUTEX(opp_votes_lock);
static LIST_HEAD(opp_votes_list);

static void opp_votes_release(struct kref *kref)
{
	struct opp_votes *agg = container_of(kref, struct opp_votes, kref);
	struct opp_vote *vote, *next;

	list_for_each_entry_safe(vote, next, &agg->votes, node)
		kfree(vote);
	mutex_destroy(&agg->lock);
	lockdep_unregister_key(&agg->key);
	kfree(agg);
}

/* Caller holds opp_votes_lock. */
static struct opp_votes *__opp_votes_find(const struct device *dev)
{
	struct opp_votes *agg;

	lockdep_assert_held(&opp_votes_lock);
	list_for_each_entry(agg, &opp_votes_list, node)
		if (agg->dev == dev)
			return agg;

	return NULL;
}

/*
 * Caller holds @agg's lock. Records @voter's vote for @level, or gives it
 * back (@drop, with @level 0), then sets the highest vote (0 with none) if
 * it is not the state set already; on failure the votes are as they were
 * and so is the device.
 */
static int __opp_votes_vote(struct opp_votes *agg,
			    const struct opp_table *voter, bool drop,
			    unsigned int level)
{
	unsigned int old, top = 0;
	struct opp_vote *vote, *v;
	bool fresh;
	int ret = 0;

	lockdep_assert_held(&agg->lock);
	list_for_each_entry(vote, &agg->votes, node)
		if (vote->voter == voter)
			break;
	fresh = list_entry_is_head(vote, &agg->votes, node);
	if (fresh) {
		if (drop)
			return 0;
		vote = kzalloc(sizeof(*vote), GFP_KERNEL);
		if (!vote)
			return -ENOMEM;
		vote->voter = voter;
		list_add_tail(&vote->node, &agg->votes);
	}

	/* A vote given back counts as 0 until the device's state follows. */
	old = vote->level;
	vote->level = level;
	list_for_each_entry(v, &agg->votes, node)
		top = max(top, v->level);
	if (!agg->set || agg->applied != top)
		ret = dev_pm_domain_set_performance_state(agg->dev, top);
	if (ret) {
		vote->level = old;
	} else {
		agg->applied = top;
		agg->set = true;
	}
	/* A new vote that failed, or one given back, leaves. */
	if (ret ? fresh : drop) {
		list_del(&vote->node);
		kfree(vote);
	}
	return ret;
}

/**
 * __opp_votes_cast() - a consumer's vote on a required device
 * @dev: the required device
 * @voter: the consumer's table
 * @drop: give the vote back instead
 * @level: the performance state asked for; 0 with @drop
 *
 * Power domains attached by name (genpd virtual devices) do not aggregate
 * here: their domain does.
 *
 * Context: Caller holds @voter's dvfs_lock. Takes opp_votes_lock, then
 * @dev's aggregator lock, and sleeps in the power domain.
 * Return: 0, or the error of the allocation or the performance state call,
 * after which the votes and the device are as they were; 1 when @dev does
 * not aggregate votes: nothing was done and the caller sets the state
 * itself.
 */
static int __opp_votes_cast(struct device *dev, const struct opp_table *voter,
			    bool drop, unsigned int level)
{
	struct opp_votes *agg;
	int ret = 0;

	lockdep_assert_held(&voter->dvfs_lock);
	if (voter->genpd_devs)
		return 1;
	scoped_guard(mutex, &opp_votes_lock) {
		agg = __opp_votes_find(dev);
		if (!agg)
			return 1;
		kref_get(&agg->kref);
	}

	scoped_guard(mutex, &agg->lock)
		ret = __opp_votes_vote(agg, voter, drop, level);
	kref_put(&agg->kref, opp_votes_release);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* Required devices                                                          */
/* ------------------------------------------------------------------------ */

/**
 * opp_detach_genpds() - detach power domains attached by name
 * @devs: their virtual devices; NULL entries and error pointers are skipped
 * @nr: how many entries @devs has
 *
 * Context: Process context; may sleep.
 */
void opp_detach_genpds(struct device **devs, unsigned int nr)
{
	while (nr--)
		if (!IS_ERR_OR_NULL(devs[nr]))
			dev_pm_domain_detach(devs[nr], false);
}

/**
 * __opp_required_devs_take() - give a table its required devices
 * @table: the table
 * @devs: one device per required OPP (or NULL to leave one alone), in
 *	"required-opps" order; the table owns the array from now on
 * @nr: the number of entries in @devs
 * @genpds: @devs are the virtual devices of power domains attached by name
 *
 * Context: Caller holds @table's dvfs_lock.
 */
void __opp_required_devs_take(struct opp_table *table, struct device **devs,
			      unsigned int nr, bool genpds)
{
	lockdep_assert_held(&table->dvfs_lock);
	table->required_devs = devs;
	table->nr_required_devs = nr;
	table->genpd_devs = genpds;
}

/**
 * __opp_required_devs_clear() - let go of a table's required devices
 * @table: the table
 *
 * Every required device that aggregates gets back the votes the table cast
 * on it, and runs at the highest vote of the other consumers (0 with none);
 * one whose power domain refuses keeps the vote, with a message: the
 * consumer is going anyway. Power domains attached by name are detached.
 *
 * Context: Caller holds @table's dvfs_lock; may sleep.
 */
void __opp_required_devs_clear(struct opp_table *table)
{
	struct device *req;
	unsigned int i;
	int ret;

	lockdep_assert_held(&table->dvfs_lock);
	for (i = 0; i < table->nr_required_devs; i++) {
		req = table->required_devs[i];
		if (!req)
			continue;
		ret = __opp_votes_cast(req, table, true, 0);
		if (ret < 0)
			dev_err(req, "cannot give back a consumer's vote: %d\n",
				ret);
	}
	if (table->genpd_devs)
		opp_detach_genpds(table->required_devs, table->nr_required_devs);
	kfree(table->required_devs);
	__opp_required_devs_take(table, NULL, 0, false);
}

/**
 * __opp_required_devs_move() - set a table's required devices for an OPP
 * @table: the table making a transition
 * @opp: the OPP it moves to, or NULL to drop its votes (state 0)
 * @reversed: go through the devices last first
 *
 * Each required device gets the level of @opp's required OPP at its index,
 * in "required-opps" order, or reversed (a transition going down): through
 * its aggregator when it has one, else directly. A required OPP without a
 * level asks nothing of its device.
 *
 * Context: Caller holds @table's dvfs_lock; may sleep.
 * Return: 0; -EBUSY while a required OPP's table is not loaded; or the
 * error of the first device that refused, the devices before it moved.
 */
int __opp_required_devs_move(struct opp_table *table, struct dev_pm_opp *opp,
			     bool reversed)
{
	unsigned int nr = table->nr_required_devs, k, i, level;
	struct device *req;
	int ret;

	lockdep_assert_held(&table->dvfs_lock);
	if (opp)
		nr = min_t(unsigned int, nr, opp->nr_required);
	for (k = 0; k < nr; k++) {
		i = reversed ? nr - 1 - k : k;
		req = table->required_devs[i];
		if (!req)
			continue;
		level = 0;
		if (opp && !opp_required_level(opp, i, &level))
			return -EBUSY;
		/* Unset is not state 0 (6.1's level 0 is both: voted). */
		if (level && level == OPP_LEVEL_UNSET)
			continue;
		ret = __opp_votes_cast(req, table, !opp, level);
		if (ret > 0)
			ret = dev_pm_domain_set_performance_state(req, level);
		if (ret)
			return ret;
	}

	return 0;
}

/* ------------------------------------------------------------------------ */
/* Aggregation, for the required device's driver                            */
/* ------------------------------------------------------------------------ */

/**
 * dev_pm_opp_enable_vote_aggregation() - aggregate consumers' votes on a
 *	required device
 * @dev: the required device, as consumers name it in
 *	dev_pm_opp_config.required_devs
 *
 * From now on, the transitions of every table configured with @dev as a
 * required device record a vote for its required OPP's level instead of
 * setting it, and @dev runs at the highest vote; a consumer that drops its
 * votes (dev_pm_opp_set_rate() with 0) or clears its configuration gives its
 * vote back, and with no vote left @dev goes to state 0. Not needed, and
 * not used, for power domains attached by name, which genpd aggregates.
 * Without it the last transition wins, so nothing changes for a required
 * device whose owner did not ask: only that owner knows whether its
 * consumers' levels combine by taking the highest.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - @dev aggregates votes
 * * -EINVAL - @dev is NULL or an error pointer
 * * -EEXIST - @dev already aggregates votes
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_enable_vote_aggregation(struct device *dev)
{
	struct opp_votes *agg;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	agg = kzalloc(sizeof(*agg), GFP_KERNEL);
	if (!agg)
		return -ENOMEM;
	kref_init(&agg->kref);
	agg->dev = dev;
	INIT_LIST_HEAD(&agg->votes);
	lockdep_register_key(&agg->key);
	mutex_init(&agg->lock);
	lockdep_set_class(&agg->lock, &agg->key);

	scoped_guard(mutex, &opp_votes_lock) {
		if (!__opp_votes_find(dev)) {
			list_add_tail(&agg->node, &opp_votes_list);
			return 0;
		}
	}

	kref_put(&agg->kref, opp_votes_release);
	return -EEXIST;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_enable_vote_aggregation);

/**
 * dev_pm_opp_disable_vote_aggregation() - stop aggregating votes
 * @dev: a device dev_pm_opp_enable_vote_aggregation() was called for
 *
 * The votes are forgotten and @dev keeps its state; the next transition of
 * a consumer sets it directly again. Nothing happens for a device that does
 * not aggregate.
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_disable_vote_aggregation(struct device *dev)
{
	struct opp_votes *agg;

	scoped_guard(mutex, &opp_votes_lock) {
		agg = __opp_votes_find(dev);
		if (!agg)
			return;
		list_del_init(&agg->node);
	}

	kref_put(&agg->kref, opp_votes_release);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_disable_vote_aggregation);

static void opp_votes_devm_disable(void *dev)
{
	dev_pm_opp_disable_vote_aggregation(dev);
}

/**
 * devm_pm_opp_enable_vote_aggregation() - dev_pm_opp_enable_vote_aggregation()
 *	undone when the driver detaches
 * @dev: the required device, whose driver calls this
 *
 * Context: Process context; may sleep.
 * Return: as dev_pm_opp_enable_vote_aggregation().
 */
int devm_pm_opp_enable_vote_aggregation(struct device *dev)
{
	int ret = dev_pm_opp_enable_vote_aggregation(dev);

	return ret ?: devm_add_action_or_reset(dev, opp_votes_devm_disable, dev);
}
EXPORT_SYMBOL_GPL(devm_pm_opp_enable_vote_aggregation);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fake clock: it takes any rate, logs each change and, on request,
 * refuses one change or all of them as a busy clock would.
 */

#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/clkdev.h>

#include "fakes.h"

static struct fake_clk *to_fake_clk(struct clk_hw *hw)
{
	return container_of(hw, struct fake_clk, hw);
}

static unsigned long fake_clk_recalc(struct clk_hw *hw, unsigned long parent)
{
	return to_fake_clk(hw)->rate;
}

static int fake_clk_determine(struct clk_hw *hw, struct clk_rate_request *req)
{
	return 0;
}

static int fake_clk_set(struct clk_hw *hw, unsigned long rate,
			unsigned long parent)
{
	struct fake_clk *clk = to_fake_clk(hw);

	clk->sets++;
	if (clk->fail)
		return clk->fail;
	clk->rate = rate;
	fake_log_add(clk->log, FAKE_EV_RATE, clk->id, rate);
	return 0;
}

static const struct clk_ops fake_clk_ops = {
	.recalc_rate = fake_clk_recalc,
	.determine_rate = fake_clk_determine,
	.set_rate = fake_clk_set,
};

KUNIT_DEFINE_ACTION_WRAPPER(fake_clkdev_drop, clkdev_drop, struct clk_lookup *);

/**
 * fake_clk() - a clock that clk_get() finds for a device
 * @test: the test that owns it
 * @log: where its rate changes go, or NULL
 * @dev_id: the name of the device that gets it
 * @con_id: its connection name, NULL for the device's only clock
 * @rate: its rate at start
 * @id: its id in @log
 *
 * Make it before the device that uses it, so that it outlives the handles
 * the device's OPP table takes on it.
 *
 * Context: Process context; sleeps.
 * Return: the clock, unregistered when the test ends; the test aborts if it
 * cannot be made.
 */
struct fake_clk *fake_clk(struct kunit *test, struct fake_log *log,
			  const char *dev_id, const char *con_id,
			  unsigned long rate, unsigned int id)
{
	struct fake_clk *clk = kunit_kzalloc(test, sizeof(*clk), GFP_KERNEL);
	struct clk_init_data init = { .ops = &fake_clk_ops };
	struct clk_lookup *lookup;

	KUNIT_ASSERT_NOT_NULL(test, clk);
	init.name = fake_name(test, dev_id, con_id ?: "clk");
	clk->rate = rate;
	clk->log = log;
	clk->id = id;
	clk->hw.init = &init;
	KUNIT_ASSERT_EQ(test, clk_hw_register_kunit(test, NULL, &clk->hw), 0);

	lookup = clkdev_hw_create(&clk->hw, con_id, "%s", dev_id);
	KUNIT_ASSERT_NOT_NULL(test, lookup);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_clkdev_drop,
							lookup), 0);
	return clk;
}
EXPORT_SYMBOL_GPL(fake_clk);

/*
 * The clock framework ignores what .set_rate returns: a rate-change
 * notifier saying no is how a clock refuses a rate (clk_set_rate() then
 * fails with -EBUSY).
 */
static int fake_clk_notify(struct notifier_block *nb, unsigned long event,
			   void *data)
{
	struct fake_clk *clk = container_of(nb, struct fake_clk, nb);

	if (event != PRE_RATE_CHANGE)
		return NOTIFY_DONE;
	if (++clk->asks == clk->refuse_at || clk->blocked)
		return NOTIFY_BAD;
	return NOTIFY_OK;
}

static void fake_clk_unwatch(void *data)
{
	struct fake_clk *clk = data;

	clk_notifier_unregister(clk->watch, &clk->nb);
}

/**
 * fake_clk_watch() - count the rate changes asked of a clock
 * @test: the test that made the clock
 * @clk: the clock
 *
 * From now on @clk->asks counts them, and @clk->refuse_at and
 * @clk->blocked refuse them. Only the first call registers the notifier.
 *
 * Context: Process context; sleeps.
 */
void fake_clk_watch(struct kunit *test, struct fake_clk *clk)
{
	if (clk->watch)
		return;
	clk->watch = clk_hw_get_clk_kunit(test, &clk->hw, "fake-watch");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk->watch);
	clk->nb.notifier_call = fake_clk_notify;
	KUNIT_ASSERT_EQ(test, clk_notifier_register(clk->watch, &clk->nb), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_clk_unwatch,
							clk), 0);
}
EXPORT_SYMBOL_GPL(fake_clk_watch);

/**
 * fake_clk_block() - make every later clk_set_rate() of a clock fail
 * @test: the test that made the clock
 * @clk: the clock
 *
 * Context: Process context; sleeps.
 */
void fake_clk_block(struct kunit *test, struct fake_clk *clk)
{
	fake_clk_watch(test, clk);
	clk->blocked = true;
}
EXPORT_SYMBOL_GPL(fake_clk_block);

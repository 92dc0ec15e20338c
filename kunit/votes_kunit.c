// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_votes: two consumers of one required device, with and
 * without aggregated votes (../votes.c).
 *
 * Both consumers load the table of "opp-kunit,consumer" (REQ_F1 requires
 * the domain's DOM_L1, REQ_F2 its DOM_L2) and name the same required device,
 * a recording power domain: every performance state it is given lands in
 * consumer A's log, after A's own clock events.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/pm_opp.h>

#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

/* Required devices come from dev_pm_opp_config.required_devs, not on 6.1. */
#ifndef OPP_TEST_API_6_1

#define RATE(hz)	{ FAKE_EV_RATE, 0, (hz) }
#define PSTATE(level)	{ FAKE_EV_LEVEL, 0, (level) }

#define EXPECT_LOG(test, fix, ...)	\
	FAKE_EXPECT_LOG(test, &(fix)->log, __VA_ARGS__)

/**
 * struct opp_votes_fixture - two consumers and the device they require
 * @a: consumer A; its log gets the required device's states
 * @b: consumer B, on a table of its own built from the same node
 * @req: the required device
 * @token_a: A's configuration token, for cases that clear it early
 */
struct opp_votes_fixture {
	struct opp_kunit_dvfs *a;
	struct opp_kunit_dvfs *b;
	struct device *req;
	int token_a;
};

static void opp_votes_clear_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

/* @dev's table, requiring @req; the configuration goes when the test ends. */
static int opp_votes_consumer(struct kunit *test, struct device *dev,
			      struct device *req)
{
	struct device *devs[] = { req, NULL };
	struct dev_pm_opp_config config = { .required_devs = devs };
	int token = dev_pm_opp_set_config(dev, &config);
	int ret;

	KUNIT_ASSERT_GT(test, token, 0);
	ret = kunit_add_action_or_reset(test, opp_votes_clear_config,
					(void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	return token;
}

OPP_KUNIT_SUITE_OVERLAY(opp_votes, opp_of_kunit);

static int opp_votes_init(struct kunit *test)
{
	struct opp_votes_fixture *f;
	struct device *domain;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	domain = opp_kunit_of_device(test, "opp-kunit,domain");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);

	f->a = opp_kunit_dvfs(test, "opp-kunit,consumer", true, REQ_F1, 0);
	f->b = opp_kunit_dvfs(test, "opp-kunit,cons-b", false, REQ_F1, 0);
	opp_kunit_bind_node(test, f->b->dev, "opp-kunit,consumer");
	f->req = opp_kunit_required_dev(f->a);
	test->priv = f;
	return 0;
}

static void opp_votes_disable(void *dev)
{
	dev_pm_opp_disable_vote_aggregation(dev);
}

/* @f's required device aggregates until the test ends. */
static void opp_votes_aggregate(struct kunit *test,
				struct opp_votes_fixture *f)
{
	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable_vote_aggregation(f->req), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, opp_votes_disable,
							f->req), 0);
}

/* Without the opt-in, as in Linux 6.12, the last transition wins. */
static void opp_votes_default_last_caller_wins(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;

	opp_votes_consumer(test, f->a->dev, f->req);
	opp_votes_consumer(test, f->b->dev, f->req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L1));
}

/*
 * Aggregated, the required device runs at the highest vote; a consumer
 * dropping its votes gives its vote back, and with none left the state is 0.
 */
static void opp_votes_highest_wins_and_drops(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;

	opp_votes_aggregate(test, f);
	opp_votes_consumer(test, f->a->dev, f->req);
	opp_votes_consumer(test, f->b->dev, f->req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2), RATE(REQ_F2));
	/* B's lower vote does not pull the device down. */
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a);
	/* A drops its votes: B's is the highest left. */
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, 0), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L1));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F2), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, 0), 0);
	EXPECT_LOG(test, f->a, PSTATE(0));
}

/* A consumer scaling down itself moves the device only to the next vote. */
static void opp_votes_scaling_down_keeps_other_vote(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;

	opp_votes_aggregate(test, f);
	opp_votes_consumer(test, f->a->dev, f->req);
	opp_votes_consumer(test, f->b->dev, f->req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F2), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2), RATE(REQ_F2));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a, RATE(REQ_F1));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L1));
}

/* Clearing a consumer's configuration gives its vote back too. */
static void opp_votes_cleared_config_gives_vote_back(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;
	struct device *devs[] = { f->req, NULL };
	struct dev_pm_opp_config config = { .required_devs = devs };
	int token, ret;

	opp_votes_aggregate(test, f);
	token = dev_pm_opp_set_config(f->a->dev, &config);
	KUNIT_ASSERT_GT(test, token, 0);
	ret = kunit_add_action_or_reset(test, opp_votes_clear_config,
					(void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(f->a->dev), 0);
	opp_votes_consumer(test, f->b->dev, f->req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L1), PSTATE(DOM_L2), RATE(REQ_F2));

	kunit_release_action(test, opp_votes_clear_config, (void *)(long)token);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L1));
}

/* Once aggregation stops, the next transition sets the device directly. */
static void opp_votes_disabled_sets_directly(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;

	opp_votes_aggregate(test, f);
	opp_votes_consumer(test, f->a->dev, f->req);
	opp_votes_consumer(test, f->b->dev, f->req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2), RATE(REQ_F2));

	dev_pm_opp_disable_vote_aggregation(f->req);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, 0), 0);
	EXPECT_LOG(test, f->a, PSTATE(0));
}

/* The opt-in refuses what it cannot do, and undoing it twice is harmless. */
static void opp_votes_enable_errors(struct kunit *test)
{
	struct opp_votes_fixture *f = test->priv;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable_vote_aggregation(NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable_vote_aggregation(ERR_PTR(-EIO)),
			-EINVAL);
	opp_votes_aggregate(test, f);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable_vote_aggregation(f->req),
			-EEXIST);
	dev_pm_opp_disable_vote_aggregation(f->b->dev);
	dev_pm_opp_disable_vote_aggregation(NULL);
	/* Still aggregating: B's lower vote leaves A's in place. */
	opp_votes_consumer(test, f->a->dev, f->req);
	opp_votes_consumer(test, f->b->dev, f->req);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->a->dev, REQ_F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(f->b->dev, REQ_F1), 0);
	EXPECT_LOG(test, f->a, PSTATE(DOM_L2), RATE(REQ_F2));
}

/* The devm form stops aggregating when the driver detaches. */
static void opp_votes_devm_undone_on_detach(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "opp-votes-devm");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_enable_vote_aggregation(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable_vote_aggregation(dev), -EEXIST);
	device_release_driver(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable_vote_aggregation(dev), 0);
	dev_pm_opp_disable_vote_aggregation(dev);
}

static struct kunit_case opp_votes_cases[] = {
	KUNIT_CASE(opp_votes_default_last_caller_wins),
	KUNIT_CASE(opp_votes_highest_wins_and_drops),
	KUNIT_CASE(opp_votes_scaling_down_keeps_other_vote),
	KUNIT_CASE(opp_votes_cleared_config_gives_vote_back),
	KUNIT_CASE(opp_votes_disabled_sets_directly),
	KUNIT_CASE(opp_votes_enable_errors),
	KUNIT_CASE(opp_votes_devm_undone_on_detach),
	{}
};

static struct kunit_suite opp_votes_suite = {
	.name = "opp_votes",
	.suite_init = opp_votes_suite_init,
	.suite_exit = opp_votes_suite_exit,
	.init = opp_votes_init,
	.test_cases = opp_votes_cases,
};

kunit_test_suite(opp_votes_suite);

#endif

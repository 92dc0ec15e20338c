// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_genpd: tables of generic PM domains, consumers whose OPPs
 * require a domain's OPPs, the votes they make, and the translations
 * between domains.
 * opp_conf_required: required OPPs of a plain (not power domain) table.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/pm_runtime.h>

#include "conf.h"

#define GP_NAME		"conf-gp"

/* The domain's overlay, a logged domain on conf,genpd, and a log. */
static struct fake_genpd *gp_domain(struct kunit *test, struct fake_log *log)
{
	CONF_OVERLAY(test, conf_genpd);
	return fake_genpd(test, log, "conf,genpd", 1);
}

/* conf,cons with its table loaded, after the domain. */
static struct device *gp_consumer(struct kunit *test)
{
	struct device *dev;

	gp_domain(test, NULL);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	return dev;
}

/* A domain provider with a performance state callback gets its table. */
static void conf_genpd_provider_gets_table(struct kunit *test)
{
	struct fake_genpd *g = gp_domain(test, NULL);
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(&g->pd.dev), 2);
	opp = dev_pm_opp_find_level_exact(&g->pd.dev, DOM_L2);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_put(opp);
}

/*
 * With one domain, a consumer OPP takes the level of the OPP it requires;
 * on 6.1 it keeps the one it has, none.
 */
static void conf_genpd_single_domain_consumer_level(struct kunit *test)
{
	struct device *dev = gp_consumer(test);

#ifdef OPP_TEST_API_6_1
	unsigned int want = CONF_NO_LEVEL;
#else
	unsigned int want = DOM_L2;
#endif

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(conf_exact(test, dev, CONS_F2,
							      true)),
			want);
}

#ifndef OPP_TEST_API_6_1
/* The inherited level is a real level: level lookups find it. */
static void conf_genpd_consumer_found_by_domain_level(struct kunit *test)
{
	struct device *dev = gp_consumer(test);
	struct dev_pm_opp *opp = dev_pm_opp_find_level_exact(dev, DOM_L2);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), CONS_F2);
}
#else
/* 6.1: so a lookup by the domain's level finds no consumer OPP. */
static void conf_genpd_consumer_found_by_domain_level(struct kunit *test)
{
	struct device *dev = gp_consumer(test);

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_exact(dev, DOM_L2)),
			-ERANGE);
}
#endif

/* The required performance state is the domain OPP's level. */
static void conf_genpd_required_pstate(struct kunit *test)
{
	struct device *dev = gp_consumer(test);
	struct dev_pm_opp *opp = conf_exact(test, dev, CONS_F2, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), DOM_L2);
}

/* The consumer attached to the domain, with a clock, at CONS_F1. */
static struct device *gp_voter(struct kunit *test, struct fake_log *log)
{
	struct device *dev;

	gp_domain(test, log);
	fake_clk(test, log, GP_NAME, NULL, CONS_F1, 0);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	fake_genpd_attach(test, dev);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F1), 0);
	log->nr = 0;
	return dev;
}

/* Going up, the domain gets the new state before the clock moves. */
static void conf_genpd_set_rate_up_votes_domain_first(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = gp_voter(test, log);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_LEVEL, 1, DOM_L2 },
			{ FAKE_EV_RATE, 0, CONS_F2 });
}

/* Going down, the clock moves before the domain gets the lower state. */
static void conf_genpd_set_rate_down_votes_domain_last(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = gp_voter(test, log);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), 0);
	log->nr = 0;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F1), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_RATE, 0, CONS_F1 },
			{ FAKE_EV_LEVEL, 1, DOM_L1 });
}

/* Rate 0 drops the consumer's vote: the domain goes to state 0. */
static void conf_genpd_rate_zero_drops_vote(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *dev = gp_voter(test, log);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, 0), 0);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_LEVEL, 1, 0 });
}

/* Before the domain's table exists, required states read 0. */
static void conf_genpd_pending_required_pstate_is_zero(struct kunit *test)
{
	struct dev_pm_opp *opp;
	struct device *dev;

	CONF_OVERLAY(test, conf_genpd);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = conf_exact(test, dev, CONS_F2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), 0);
}

/* Before the domain's table exists, transitions are -EBUSY. */
static void conf_genpd_pending_set_rate_is_ebusy(struct kunit *test)
{
	struct device *dev;

	CONF_OVERLAY(test, conf_genpd);
	fake_clk(test, NULL, GP_NAME, NULL, CONS_F1, 0);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), -EBUSY);
}

/* conf,cons with its table loaded, then the domain's: a late link. */
static struct device *gp_late_consumer(struct kunit *test)
{
	struct fake_genpd *g;
	struct device *dev;

	CONF_OVERLAY(test, conf_genpd);
	g = fake_genpd_new(test);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	fake_genpd_start(test, g, NULL, "conf,genpd", 1);
	return dev;
}

/*
 * When the domain's table comes, the consumer's OPPs link to it: they take
 * its level, and on 6.1, which they do not, require its state.
 */
static void conf_genpd_linked_when_domain_arrives(struct kunit *test)
{
	struct device *dev = gp_late_consumer(test);
	struct dev_pm_opp *opp = conf_exact(test, dev, CONS_F2, true);

#ifdef OPP_TEST_API_6_1
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), DOM_L2);
#else
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), DOM_L2);
#endif
}

static const char * const gp_perf[] = { "perf", NULL };
static const char * const gp_nope[] = { "nope", NULL };

static void gp_runtime_put(void *dev)
{
	pm_runtime_put_sync(dev);
}

/* Attached by name, the domain is voted through its virtual device. */
static void conf_genpd_attach_by_name_votes(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device **virt_devs = NULL;
	struct dev_pm_opp_config config = {
		.genpd_names = gp_perf,
		.virt_devs = &virt_devs,
	};
	struct device *dev;

	gp_domain(test, log);
	fake_clk(test, log, GP_NAME, NULL, CONS_F1, 0);
	dev = conf_of_device(test, GP_NAME, "conf,cons-named");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_NOT_NULL(test, virt_devs);
	KUNIT_ASSERT_NOT_NULL(test, virt_devs[0]);
	/* A runtime-suspended device's votes wait for it to resume. */
	KUNIT_ASSERT_EQ(test, pm_runtime_resume_and_get(virt_devs[0]), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gp_runtime_put,
							virt_devs[0]), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_LEVEL, 1, DOM_L2 },
			{ FAKE_EV_RATE, 0, CONS_F2 });
}

/* A domain name the node does not list: -ENODEV. */
static void conf_genpd_attach_unknown_name_is_enodev(struct kunit *test)
{
	struct dev_pm_opp_config config = { .genpd_names = gp_nope };
	struct device *dev;

	gp_domain(test, NULL);
	dev = conf_of_device(test, GP_NAME, "conf,cons-named");
	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -ENODEV);
}

/*
 * More domain names than the table has required OPPs: the ones that fit are
 * attached, then the call fails with -EINVAL and one error line.
 */
static void conf_genpd_more_names_than_required_is_einval(struct kunit *test)
{
	static const char * const names[] = { "perf", "perf", NULL };
	struct dev_pm_opp_config config = { .genpd_names = names };
	struct fake_console *con;
	struct device *dev;

	gp_domain(test, NULL);
	dev = conf_of_device(test, GP_NAME, "conf,cons-named");
	con = conf_console(test, dev);
	KUNIT_EXPECT_EQ(test, conf_set_config(test, dev, &config), -EINVAL);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* of_get_required_opp_performance_state() reads the domain OPP's level. */
static void conf_genpd_of_required_pstate(struct kunit *test)
{
	struct device_node *np;

	gp_domain(test, NULL);
	np = of_find_node_by_path("/conf-cons-table/opp-200000000");
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			DOM_L2);
}

/*
 * A required OPP its loaded table does not list (a disabled node): -EINVAL,
 * quietly; before the table loads, an error is logged.
 */
static void conf_genpd_of_required_pstate_of_unlisted_opp(struct kunit *test)
{
	struct fake_console *con;
	struct fake_genpd *g;
	struct device_node *np;

	CONF_OVERLAY(test, conf_genpd);
	g = fake_genpd_new(test);
	np = of_find_node_by_path("/conf-dom-off-user");
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	con = conf_console(test, NULL);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, fake_console_count_level(con, LOGLEVEL_ERR), 1);

	fake_genpd_start(test, g, NULL, "conf,genpd", 1);
	fake_console_reset(con);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* A node without required-opps: -ENODEV. */
static void conf_genpd_of_required_pstate_without_property(struct kunit *test)
{
	struct device_node *np;

	gp_domain(test, NULL);
	np = of_find_node_by_path("/conf-dom-table/opp-high");
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-ENODEV);
}

/*
 * Two domains, whose tables genpd loads, the child's requiring the
 * parent's. Only a domain's own device may load a domain table on 6.1.
 */
static void gp_domains(struct kunit *test, struct opp_table **parent,
		       struct opp_table **child)
{
	struct fake_genpd *p = gp_domain(test, NULL);
	struct fake_genpd *c = fake_genpd(test, NULL, "conf,child-pd", 2);

	*parent = conf_table(test, &p->pd.dev);
	*child = conf_table(test, &c->pd.dev);
}

/* A child domain's state translates to the parent state its OPP requires. */
static void conf_genpd_xlate_pstate_maps_levels(struct kunit *test)
{
	struct opp_table *parent, *child;

	gp_domains(test, &parent, &child);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_xlate_performance_state(child, parent,
								 CHILD_L2),
			DOM_L2);
}

/* A table without required OPPs translates a state to itself. */
static void conf_genpd_xlate_pstate_without_required(struct kunit *test)
{
	struct opp_table *parent, *child;

	gp_domains(test, &parent, &child);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_xlate_performance_state(parent, child,
								 7),
			7);
}

/*
 * A consumer whose OPPs require OPPs of two tables, the domain's loaded and
 * a plain one not yet: until both are there no required state counts, the
 * domain's included, and translating to the domain's table is -EBUSY. (Not
 * loading the plain table afterwards: Linux 6.12 then frees a table still
 * in use when the tables go.)
 */
static void conf_genpd_one_of_two_required_missing(struct kunit *test)
{
	struct fake_genpd *g = gp_domain(test, NULL);
	struct device *dev = conf_of_device(test, GP_NAME, "conf,two-req");
	struct dev_pm_opp *opp, *dom;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = conf_exact(test, dev, CONS_F2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), 0);
	dom = dev_pm_opp_xlate_required_opp(conf_table(test, dev),
					    conf_table(test, &g->pd.dev), opp);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dom), -EBUSY);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* Linked late, the consumer's OPPs are found by the levels they took. */
static void conf_genpd_late_level_found_by_level(struct kunit *test)
{
	struct device *dev = gp_late_consumer(test);
	unsigned int level = DOM_L1 + 1;
	struct dev_pm_opp *opp;

	opp = dev_pm_opp_find_level_exact(dev, DOM_L2);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), CONS_F2);

	opp = dev_pm_opp_find_level_ceil(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, level, DOM_L2);

	level = DOM_L2 - 1;
	opp = dev_pm_opp_find_level_floor(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, level, DOM_L1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), CONS_F1);
}

/*
 * A required device set before the domain's table came votes for the
 * domain: linked late, the consumer's OPPs keep no level, and a transition
 * asks the required device alone.
 */
static void conf_genpd_late_link_with_required_dev_keeps_no_level(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *required[1];
	struct dev_pm_opp_config config = { .required_devs = required };
	struct fake_genpd *g;
	struct device *dev;

	CONF_OVERLAY(test, conf_genpd);
	g = fake_genpd_new(test);
	required[0] = conf_device(test, "conf-gp-req");
	fake_pm_domain(test, log, required[0]);
	fake_clk(test, log, GP_NAME, NULL, CONS_F1, 0);
	dev = conf_of_device(test, GP_NAME, "conf,cons");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	fake_genpd_start(test, g, NULL, "conf,genpd", 1);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(conf_exact(test, dev, CONS_F2,
							      true)),
			OPP_LEVEL_UNSET);
	KUNIT_EXPECT_PTR_EQ(test, dev_pm_opp_find_level_exact(dev, DOM_L2),
			    ERR_PTR(-ERANGE));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_LEVEL, 0, DOM_L2 },
			{ FAKE_EV_RATE, 0, CONS_F2 });
}

/* Required devices given by the caller get the required OPPs' levels. */
static void conf_genpd_required_devs_vote(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *req, *dev;
	struct device *required[1];
	struct dev_pm_opp_config config = { .required_devs = required };

	gp_domain(test, NULL);
	req = conf_device(test, "conf-gp-req");
	fake_pm_domain(test, log, req);
	required[0] = req;
	fake_clk(test, log, GP_NAME, NULL, CONS_F1, 0);
	dev = conf_of_device(test, GP_NAME, "conf,cons-plain");
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, CONS_F2), 0);
	FAKE_EXPECT_LOG(test, log,
			{ FAKE_EV_LEVEL, 0, DOM_L2 },
			{ FAKE_EV_RATE, 0, CONS_F2 });
}

/* A table whose OPPs have required-opps says so. */
static void conf_genpd_has_required_opp(struct kunit *test)
{
	struct device *cons, *plain;

	CONF_OVERLAY(test, conf_genpd);
	cons = conf_of_device(test, GP_NAME, "conf,cons");
	plain = conf_of_device(test, "conf-gp-plain", "conf,req");
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_of_has_required_opp(cons));
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_of_has_required_opp(plain));
}

#endif

static struct kunit_case conf_genpd_cases[] = {
	KUNIT_CASE(conf_genpd_provider_gets_table),
	KUNIT_CASE(conf_genpd_single_domain_consumer_level),
	KUNIT_CASE(conf_genpd_consumer_found_by_domain_level),
	KUNIT_CASE(conf_genpd_required_pstate),
	KUNIT_CASE(conf_genpd_set_rate_up_votes_domain_first),
	KUNIT_CASE(conf_genpd_set_rate_down_votes_domain_last),
	KUNIT_CASE(conf_genpd_rate_zero_drops_vote),
	KUNIT_CASE(conf_genpd_pending_required_pstate_is_zero),
	KUNIT_CASE(conf_genpd_pending_set_rate_is_ebusy),
	KUNIT_CASE(conf_genpd_linked_when_domain_arrives),
	KUNIT_CASE(conf_genpd_attach_by_name_votes),
	KUNIT_CASE(conf_genpd_attach_unknown_name_is_enodev),
	KUNIT_CASE(conf_genpd_more_names_than_required_is_einval),
	KUNIT_CASE(conf_genpd_of_required_pstate),
	KUNIT_CASE(conf_genpd_of_required_pstate_of_unlisted_opp),
	KUNIT_CASE(conf_genpd_of_required_pstate_without_property),
	KUNIT_CASE(conf_genpd_xlate_pstate_maps_levels),
	KUNIT_CASE(conf_genpd_xlate_pstate_without_required),
	KUNIT_CASE(conf_genpd_one_of_two_required_missing),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_genpd_late_level_found_by_level),
	KUNIT_CASE(conf_genpd_late_link_with_required_dev_keeps_no_level),
	KUNIT_CASE(conf_genpd_required_devs_vote),
	KUNIT_CASE(conf_genpd_has_required_opp),
#endif
	{}
};

CONF_SUITE_OVERLAY(conf_genpd, conf_genpd);

static struct kunit_suite conf_genpd_suite = {
	.name = "opp_conf_genpd",
	.suite_init = conf_genpd_suite_init,
	.suite_exit = conf_genpd_suite_exit,
	.test_cases = conf_genpd_cases,
};

/* The plain required table, loaded; then the device of @compatible. */
static struct device *rq_user(struct kunit *test, const char *compatible,
			      struct device **req)
{
	struct device *r;

	CONF_OVERLAY(test, conf_genpd);
	r = conf_of_device(test, "conf-rq", "conf,req");
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, r), 0);
	if (req)
		*req = r;
	return conf_of_device(test, "conf-rq-user", compatible);
}

/* An OPP whose required OPP is disabled when it loads is unavailable. */
static void conf_required_unavailable_makes_user_unavailable(struct kunit *test)
{
	struct device *req, *dev = rq_user(test, "conf,req-user", &req);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(req, REQ_F2), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	conf_exact(test, dev, RU_F2, false);
}

/* An OPP requiring a node its table did not load fails the table. */
static void conf_required_missing_opp_fails_table(struct kunit *test)
{
	struct device *dev = rq_user(test, "conf,req-missing", NULL);

	KUNIT_EXPECT_EQ(test, conf_of_add_table(test, dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* dev_pm_opp_xlate_required_opp() gives the OPP required. */
static void conf_required_xlate_required_opp(struct kunit *test)
{
	struct device *req, *dev = rq_user(test, "conf,req-user", &req);
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = dev_pm_opp_xlate_required_opp(conf_table(test, dev),
					    conf_table(test, req),
					    conf_exact(test, dev, RU_F2, true));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	conf_keep_opp(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), REQ_F2);
}

/* Translating towards a table that is not required: -ENODEV. */
static void conf_required_xlate_unrelated_is_enodev(struct kunit *test)
{
	struct device *dev = rq_user(test, "conf,req-user", NULL);
	struct opp_table *table;
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	table = conf_table(test, dev);
	opp = conf_exact(test, dev, RU_F2, true);
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_xlate_required_opp(table, table, opp)),
			-ENODEV);
}

/* Required OPPs of a plain table are no performance states: 0. */
static void conf_required_pstate_of_plain_table_is_zero(struct kunit *test)
{
	struct device *dev = rq_user(test, "conf,req-user", NULL);
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	opp = conf_exact(test, dev, RU_F2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), 0);
}

/* Only a domain's levels are inherited: a plain table's OPP has none. */
static void conf_required_plain_table_gives_no_level(struct kunit *test)
{
	struct device *dev = rq_user(test, "conf,req-user", NULL);

	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(conf_exact(test, dev, RU_F2,
							      true)),
			CONF_NO_LEVEL);
}

/*
 * of_get_required_opp_performance_state() of a plain table: -EINVAL; 6.1
 * gives every OPP outside a power domain state 0.
 */
static void conf_required_of_pstate_of_plain_table(struct kunit *test)
{
	struct device_node *np;

	rq_user(test, "conf,req-user", NULL);
	np = of_find_node_by_path("/conf-req-user-table/opp-800000000");
	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
#ifdef OPP_TEST_API_6_1
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0), 0);
#else
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-EINVAL);
#endif
}

#ifndef OPP_TEST_API_6_1
/* 6.12's required_devs, which 6.1 lacks: left out on 6.1. */

/*
 * A required device for a plain required table: its OPPs carry no level,
 * so a transition asks that device for no performance state at all.
 */
static void conf_required_plain_table_sets_no_pstate(struct kunit *test)
{
	struct fake_log *log = fake_log(test);
	struct device *required[1];
	struct dev_pm_opp_config config = { .required_devs = required };
	struct device *dev = rq_user(test, "conf,req-user", NULL);

	required[0] = conf_device(test, "conf-rq-dev");
	fake_pm_domain(test, log, required[0]);
	fake_clk(test, log, "conf-rq-user", NULL, RU_F1, 0);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, RU_F2), 0);
	FAKE_EXPECT_LOG(test, log, { FAKE_EV_RATE, 0, RU_F2 });
}
#endif

static struct kunit_case conf_required_cases[] = {
	KUNIT_CASE(conf_required_unavailable_makes_user_unavailable),
	KUNIT_CASE(conf_required_missing_opp_fails_table),
	KUNIT_CASE(conf_required_xlate_required_opp),
	KUNIT_CASE(conf_required_xlate_unrelated_is_enodev),
	KUNIT_CASE(conf_required_pstate_of_plain_table_is_zero),
	KUNIT_CASE(conf_required_plain_table_gives_no_level),
	KUNIT_CASE(conf_required_of_pstate_of_plain_table),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_required_plain_table_sets_no_pstate),
#endif
	{}
};

CONF_SUITE_OVERLAY(conf_required, conf_genpd);

static struct kunit_suite conf_required_suite = {
	.name = "opp_conf_required",
	.suite_init = conf_required_suite_init,
	.suite_exit = conf_required_suite_exit,
	.test_cases = conf_required_cases,
};

kunit_test_suites(&conf_genpd_suite, &conf_required_suite);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fake PM domains: a bare one a device is put in by hand, and a generic
 * PM domain provided on a device tree node, as SoC power domains are. Both
 * log the performance states they are set to.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/pm_opp.h>

#include "fakes.h"

static void fake_genpd_dev_release(struct device *dev)
{
}

#ifdef FAKE_PD_IS_GENPD
/* 6.1's genpd asks its provider for an OPP's state: they give the level. */
static unsigned int fake_genpd_opp_state(struct generic_pm_domain *pd,
					 struct dev_pm_opp *opp)
{
	return dev_pm_opp_get_level(opp);
}
#endif

/*
 * An always-on generic PM domain. 6.1 gives its device no release(), and
 * warns when pm_genpd_remove() drops the last reference: its memory is
 * the test's, freed with the test, so there is nothing to release.
 */
static int fake_genpd_init(struct generic_pm_domain *pd)
{
	int ret;

#ifdef FAKE_PD_IS_GENPD
	pd->opp_to_performance_state = fake_genpd_opp_state;
#endif
	ret = pm_genpd_init(pd, NULL, false);

	if (!ret && !pd->dev.release)
		pd->dev.release = fake_genpd_dev_release;
	return ret;
}

static int fake_pd_record(struct fake_pd *pd, unsigned int state)
{
	if (++pd->sets == pd->fail_at)
		return -EIO;
	pd->state = state;
	fake_log_add(pd->log, FAKE_EV_LEVEL, 0, state);
	return 0;
}

#ifndef FAKE_PD_IS_GENPD
static int fake_pd_set_state(struct device *dev, unsigned int state)
{
	return fake_pd_record(container_of(dev->pm_domain, struct fake_pd,
					   domain), state);
}

static void fake_pd_leave(void *dev)
{
	((struct device *)dev)->pm_domain = NULL;
}

static int fake_pd_enter(struct fake_pd *pd, struct device *dev)
{
	dev->pm_domain = &pd->domain;
	return 0;
}

static int fake_pd_init(struct kunit *test, struct fake_pd *pd)
{
	pd->domain.set_performance_state = fake_pd_set_state;
	return 0;
}
#else
static int fake_pd_set_state(struct generic_pm_domain *genpd,
			     unsigned int state)
{
	return fake_pd_record(container_of(genpd, struct fake_pd, domain),
			      state);
}

static void fake_pd_leave(void *dev)
{
	pm_genpd_remove_device(dev);
}

static int fake_pd_enter(struct fake_pd *pd, struct device *dev)
{
	return pm_genpd_add_device(&pd->domain, dev);
}

KUNIT_DEFINE_ACTION_WRAPPER(fake_pd_remove, pm_genpd_remove,
			    struct generic_pm_domain *);

static int fake_pd_init(struct kunit *test, struct fake_pd *pd)
{
	int ret;

	pd->domain.name = "fake-pd";
	pd->domain.set_performance_state = fake_pd_set_state;
	ret = fake_genpd_init(&pd->domain);
	return ret ?: kunit_add_action_or_reset(test, fake_pd_remove,
						 &pd->domain);
}
#endif

/**
 * fake_pm_domain_join() - put a device in a bare PM domain
 * @test: the test that made the domain
 * @pd: the domain
 * @dev: the device; it leaves the domain when the test ends
 *
 * The device's pm_domain is set directly: a test's device may be bound,
 * which dev_pm_domain_set() refuses.
 *
 * Context: Process context.
 */
void fake_pm_domain_join(struct kunit *test, struct fake_pd *pd,
			 struct device *dev)
{
	KUNIT_ASSERT_EQ(test, fake_pd_enter(pd, dev), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_pd_leave,
							dev), 0);
}
EXPORT_SYMBOL_GPL(fake_pm_domain_join);

/**
 * fake_pm_domain() - a bare PM domain that logs performance states
 * @test: the test that owns it
 * @log: where the states go, as id 0, or NULL
 * @dev: a device to put in it, or NULL
 *
 * Context: Process context; allocates.
 * Return: the domain, freed with the test; the test aborts when out of
 * memory.
 */
struct fake_pd *fake_pm_domain(struct kunit *test, struct fake_log *log,
			       struct device *dev)
{
	struct fake_pd *pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, pd);
	pd->log = log;
	KUNIT_ASSERT_EQ(test, fake_pd_init(test, pd), 0);
	if (dev)
		fake_pm_domain_join(test, pd, dev);
	return pd;
}
EXPORT_SYMBOL_GPL(fake_pm_domain);

static int fake_genpd_set_state(struct generic_pm_domain *pd,
				unsigned int state)
{
	struct fake_genpd *g = container_of(pd, struct fake_genpd, pd);

	g->state = state;
	fake_log_add(g->log, FAKE_EV_LEVEL, g->id, state);
	return 0;
}

static void fake_genpd_remove(void *data)
{
	struct fake_genpd *g = data;

	of_genpd_del_provider(g->np);
	pm_genpd_remove(&g->pd);
}

/**
 * fake_genpd_new() - the memory of a generic PM domain
 * @test: the test that owns it
 *
 * Made before the devices that may outlive the domain's provider, so that
 * it outlives them; fake_genpd_start() makes it a domain.
 *
 * Context: Process context; allocates.
 * Return: the memory, freed with the test; the test aborts when out of
 * memory.
 */
struct fake_genpd *fake_genpd_new(struct kunit *test)
{
	struct fake_genpd *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, g);
	return g;
}
EXPORT_SYMBOL_GPL(fake_genpd_new);

/**
 * fake_genpd_start() - provide a generic PM domain on a device tree node
 * @test: the test that made @g
 * @g: from fake_genpd_new()
 * @log: where its performance states go, or NULL (it may be set later)
 * @compatible: the compatible of the provider's node, in an overlay the
 *	test applied; also the domain's name
 * @id: the domain's id in @log
 *
 * The domain is on and takes performance states, so the genpd core loads
 * the node's OPP table for it. It is removed when the test ends.
 *
 * Context: Process context; sleeps.
 */
void fake_genpd_start(struct kunit *test, struct fake_genpd *g,
		      struct fake_log *log, const char *compatible,
		      unsigned int id)
{
	int ret;

	g->np = of_find_compatible_node(NULL, NULL, compatible);
	KUNIT_ASSERT_NOT_NULL_MSG(test, g->np, "no node for %s", compatible);
	of_node_put_kunit(test, g->np);
	g->log = log;
	g->id = id;
	g->pd.name = compatible;
	g->pd.set_performance_state = fake_genpd_set_state;
	KUNIT_ASSERT_EQ(test, fake_genpd_init(&g->pd), 0);
	ret = of_genpd_add_provider_simple(g->np, &g->pd);
	if (ret)
		pm_genpd_remove(&g->pd);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_genpd_remove,
							g), 0);
}
EXPORT_SYMBOL_GPL(fake_genpd_start);

/**
 * fake_genpd() - fake_genpd_new() and fake_genpd_start() in one
 * @test: the test that owns the domain
 * @log: where its performance states go, or NULL
 * @compatible: the compatible of the provider's node
 * @id: the domain's id in @log
 *
 * Make it before the devices that attach to it.
 *
 * Context: Process context; sleeps.
 * Return: the domain; the test aborts if it cannot be made.
 */
struct fake_genpd *fake_genpd(struct kunit *test, struct fake_log *log,
			      const char *compatible, unsigned int id)
{
	struct fake_genpd *g = fake_genpd_new(test);

	fake_genpd_start(test, g, log, compatible, id);
	return g;
}
EXPORT_SYMBOL_GPL(fake_genpd);

static void fake_genpd_detach(void *dev)
{
	dev_pm_domain_detach(dev, true);
}

/**
 * fake_genpd_attach() - attach a device to the domain its node names
 * @test: the test that owns the device
 * @dev: a device bound to a node with one "power-domains" entry; it is
 *	detached when the test ends
 *
 * Context: Process context; sleeps.
 */
void fake_genpd_attach(struct kunit *test, struct device *dev)
{
	KUNIT_ASSERT_EQ(test, dev_pm_domain_attach(dev, true), 0);
	KUNIT_ASSERT_NOT_NULL(test, dev->pm_domain);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_genpd_detach,
							dev), 0);
}
EXPORT_SYMBOL_GPL(fake_genpd_attach);

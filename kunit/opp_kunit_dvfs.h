/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The DVFS suites' device: the fakes of ../fakes/ around it, logging every
 * rate, voltage and performance state change, enable and disable in one
 * ordered log.
 */

#ifndef __OPP_KUNIT_DVFS_H__
#define __OPP_KUNIT_DVFS_H__

#include <kunit/test.h>

#include "../fakes/fakes.h"

#define OPP_KUNIT_MAX_REGS	2

/**
 * struct opp_kunit_dvfs - a device with a fake clock, regulators and domain
 * @test: the test
 * @dev: the consumer device
 * @log: what the clock, the regulators and the domain were asked to do, in
 *	order
 * @clk: the fake clock (id 0), its asks counted; NULL without one
 * @regs: the fake regulators, supplies "vdd" (id 0) and "vdd2" (id 1)
 * @pd: the bare PM domain opp_kunit_join_domain() puts devices in (id 0)
 * @icc: the fake interconnect provider of a test that makes one (its
 *	bandwidths logged as id 0), else NULL
 */
struct opp_kunit_dvfs {
	struct kunit *test;
	struct device *dev;
	struct fake_log log;
	struct fake_clk *clk;
	struct fake_reg *regs[OPP_KUNIT_MAX_REGS];
	struct fake_pd *pd;
	struct fake_icc *icc;
};

struct opp_kunit_dvfs *opp_kunit_dvfs(struct kunit *test, const char *name,
				      bool of, unsigned long rate,
				      unsigned int nr_regs);
struct opp_kunit_dvfs *opp_kunit_dvfs_unknown_supply(struct kunit *test,
						     const char *name,
						     unsigned long rate);
struct device *opp_kunit_required_dev(struct opp_kunit_dvfs *fix);
void opp_kunit_join_domain(struct opp_kunit_dvfs *fix, struct device *dev);

#endif /* __OPP_KUNIT_DVFS_H__ */

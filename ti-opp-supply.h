/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The TI OPP supply driver's data, and the functions its KUnit suite calls.
 */

#ifndef __TI_OPP_SUPPLY_H__
#define __TI_OPP_SUPPLY_H__

#include <linux/types.h>

struct device;
struct dev_pm_opp;
struct dev_pm_opp_supply;
struct regulator;

/**
 * struct ti_opp_supply_vdd - one calibrated VDD voltage
 * @nominal_uv: the OPP voltage it replaces, as listed in the device tree
 * @calibrated_uv: the voltage this part was fused for at that OPP
 */
struct ti_opp_supply_vdd {
	u32 nominal_uv;
	u32 calibrated_uv;
};

/**
 * struct ti_opp_supply_cal - what a transition of the CPU needs to know
 * @vdd: the calibrated voltages, or NULL when the part has none
 * @nr_vdd: entries in @vdd
 * @abs_max_uv: the rail's absolute maximum, the ceiling of every regulator
 *	request instead of the OPP's own maximum; 0 when there is none
 * @vbb: the VDD rail comes with an adaptive body bias (VBB) regulator
 */
struct ti_opp_supply_cal {
	struct ti_opp_supply_vdd *vdd;
	unsigned int nr_vdd;
	u32 abs_max_uv;
	bool vbb;
};

/**
 * struct ti_opp_supply_req - a voltage request for one regulator
 * @min_uv: the lowest voltage the OPP tolerates
 * @uv: the voltage to reach
 * @max_uv: the highest voltage allowed
 */
struct ti_opp_supply_req {
	unsigned long min_uv;
	unsigned long uv;
	unsigned long max_uv;
};

#if IS_ENABLED(CONFIG_KUNIT)
u32 ti_opp_supply_efuse_uv(u32 word, u32 nominal_uv);
int ti_opp_supply_vdd_uv(const struct ti_opp_supply_cal *cal,
			 unsigned long nominal_uv, unsigned long *uv);
int ti_opp_supply_request(const struct dev_pm_opp_supply *supply,
			  unsigned long uv, u32 abs_max_uv,
			  struct ti_opp_supply_req *req);
int ti_opp_supply_parse(struct device *dev, void __iomem *base, size_t size,
			struct ti_opp_supply_cal *cal);
int ti_opp_supply_transition(struct device *dev,
			     const struct ti_opp_supply_cal *cal,
			     struct dev_pm_opp *old_opp,
			     struct dev_pm_opp *new_opp,
			     struct regulator **regs, unsigned int count);
#endif

#endif /* __TI_OPP_SUPPLY_H__ */

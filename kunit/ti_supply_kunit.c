// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_ti_supply: the TI OPP supply driver (ti-opp-supply.c).
 *
 * The expectations come from the binding (ti,omap-opp-supply.yaml) and from
 * what Linux 6.12's driver does: a Class0 efuse word holds the calibrated
 * voltage in mV in its low 12 bits, a blank word means the nominal voltage,
 * an OPP voltage the efuse settings do not list keeps its nominal voltage
 * (with an error message), the calibrated voltage is the target and the
 * floor of the VDD request, the absolute maximum is the ceiling of every
 * request, VDD moves before VBB when the frequency rises and VBB first
 * otherwise (the same frequency included), and a refused request puts both
 * back to the old OPP's own targets, VBB first.
 *
 * The transition cases run dev_pm_opp_set_rate() on a DRA7-like table with
 * the recording regulators of opp_kunit_dvfs.c ("vdd" is VDD, "vdd2" VBB).
 */

#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_opp.h>
#include <linux/string.h>

#include "../ti-opp-supply.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"
#include "ti_supply_kunit.h"

/*
 * The fake efuse words of opp-supply-dra7 and what they calibrate: bits 11:0
 * in mV. OD's is above the OD OPP's maximum and below the absolute maximum;
 * HIGH's low 12 bits are blank although the word is not.
 */
#define TI_WORD_NOM	0xabcd03f2
#define TI_CAL_NOM	1010000		/* 0x3f2 mV */
#define TI_WORD_OD	0x00000492
#define TI_CAL_OD	1170000		/* 0x492 mV */
#define TI_WORD_HIGH	0x00f0f000

#define RATE(hz)	{ FAKE_EV_RATE, 0, (hz) }
#define EV_VDD(uv)	{ FAKE_EV_VOLT, 0, (uv) }
#define EV_VBB(uv)	{ FAKE_EV_VOLT, 1, (uv) }

#define EXPECT_LOG(test, fix, ...)	\
	FAKE_EXPECT_LOG(test, &(fix)->log, __VA_ARGS__)

#define TI_KUNIT_PDEV	"ti-opp-supply-kunit"

static int ti_kunit_init(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_ti_supply_kunit);
}

/* ------------------------------------------------------------------------ */
/* The voltage choice                                                        */
/* ------------------------------------------------------------------------ */

static void ti_efuse_word_is_mv_in_low_12_bits(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(0x3f2, TI_V_NOM), 1010000);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(TI_WORD_NOM, TI_V_NOM),
			TI_CAL_NOM);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(0xfffff001, TI_V_NOM), 1000);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(0xfff, TI_V_NOM), 4095000);
}

/* Parts fused before Class0 have blank words: they run at nominal. */
static void ti_efuse_blank_word_is_nominal(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(0, TI_V_OD), TI_V_OD);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_efuse_uv(TI_WORD_HIGH, TI_V_HIGH),
			TI_V_HIGH);
}

static struct ti_opp_supply_cal *ti_cal(struct kunit *test, u32 cal_nom,
					u32 cal_od, u32 abs_max_uv, bool vbb)
{
	struct ti_opp_supply_cal *cal = kunit_kzalloc(test, sizeof(*cal),
						      GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cal);
	cal->vdd = kunit_kcalloc(test, 2, sizeof(*cal->vdd), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cal->vdd);
	cal->vdd[0] = (struct ti_opp_supply_vdd){ TI_V_NOM, cal_nom };
	cal->vdd[1] = (struct ti_opp_supply_vdd){ TI_V_OD, cal_od };
	cal->nr_vdd = 2;
	cal->abs_max_uv = abs_max_uv;
	cal->vbb = vbb;
	return cal;
}

static void ti_vdd_listed_voltage_is_calibrated(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, TI_CAL_OD,
					       TI_ABS_MAX, true);
	unsigned long uv = 0;

	KUNIT_EXPECT_EQ(test, ti_opp_supply_vdd_uv(cal, TI_V_NOM, &uv), 0);
	KUNIT_EXPECT_EQ(test, uv, TI_CAL_NOM);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_vdd_uv(cal, TI_V_OD, &uv), 0);
	KUNIT_EXPECT_EQ(test, uv, TI_CAL_OD);
}

/* Only an exact match counts: 1 uV off is another voltage. */
static void ti_vdd_unlisted_voltage_is_nominal(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, TI_CAL_OD,
					       TI_ABS_MAX, true);
	unsigned long uv = 0;

	KUNIT_EXPECT_EQ(test, ti_opp_supply_vdd_uv(cal, TI_V_PLUS, &uv),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, uv, TI_V_PLUS);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_vdd_uv(cal, TI_V_NOM + 1, &uv),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, uv, TI_V_NOM + 1);
}

/* OMAP36xx: no calibration at all, every OPP at nominal, no complaint. */
static void ti_vdd_without_calibration_is_nominal(struct kunit *test)
{
	struct ti_opp_supply_cal cal = { .vbb = true };
	unsigned long uv = 0;

	KUNIT_EXPECT_EQ(test, ti_opp_supply_vdd_uv(&cal, TI_V_HIGH, &uv), 0);
	KUNIT_EXPECT_EQ(test, uv, TI_V_HIGH);
}

static const struct dev_pm_opp_supply ti_nom = {
	.u_volt = TI_V_NOM, .u_volt_min = TI_V_NOM_MIN,
	.u_volt_max = TI_V_NOM_MAX,
};

static const struct dev_pm_opp_supply ti_od = {
	.u_volt = TI_V_OD, .u_volt_min = TI_V_OD_MIN, .u_volt_max = TI_V_OD_MAX,
};

/* The calibrated voltage is the target and the floor; the ceiling widens. */
static void ti_request_calibrated_is_target_and_floor(struct kunit *test)
{
	struct ti_opp_supply_req req;

	KUNIT_ASSERT_EQ(test, ti_opp_supply_request(&ti_nom, TI_CAL_NOM,
						    TI_ABS_MAX, &req), 0);
	KUNIT_EXPECT_EQ(test, req.uv, TI_CAL_NOM);
	KUNIT_EXPECT_EQ(test, req.min_uv, TI_CAL_NOM);
	KUNIT_EXPECT_EQ(test, req.max_uv, TI_ABS_MAX);
}

/* Without a voltage of its own (VBB, restores) the OPP's values are used. */
static void ti_request_own_target_keeps_min(struct kunit *test)
{
	struct ti_opp_supply_req req;

	KUNIT_ASSERT_EQ(test, ti_opp_supply_request(&ti_nom, 0, TI_ABS_MAX,
						    &req), 0);
	KUNIT_EXPECT_EQ(test, req.uv, TI_V_NOM);
	KUNIT_EXPECT_EQ(test, req.min_uv, TI_V_NOM_MIN);
	KUNIT_EXPECT_EQ(test, req.max_uv, TI_ABS_MAX);

	KUNIT_ASSERT_EQ(test, ti_opp_supply_request(&ti_nom, 0, 0, &req), 0);
	KUNIT_EXPECT_EQ(test, req.max_uv, TI_V_NOM_MAX);
}

/* A calibrated voltage above the OPP's maximum needs the absolute maximum. */
static void ti_request_abs_max_widens(struct kunit *test)
{
	struct ti_opp_supply_req req;

	KUNIT_ASSERT_EQ(test, ti_opp_supply_request(&ti_od, TI_CAL_OD,
						    TI_ABS_MAX, &req), 0);
	KUNIT_EXPECT_EQ(test, req.uv, TI_CAL_OD);
	KUNIT_EXPECT_EQ(test, req.min_uv, TI_CAL_OD);
	KUNIT_EXPECT_EQ(test, req.max_uv, TI_ABS_MAX);

	KUNIT_EXPECT_EQ(test, ti_opp_supply_request(&ti_od, TI_CAL_OD, 0, &req),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_request(&ti_od, TI_CAL_OD,
						    TI_CAL_OD - 5000, &req),
			-EINVAL);
}

/* Below the OPP's minimum, or a minimum above the ceiling: refused. */
static void ti_request_out_of_range_fails(struct kunit *test)
{
	struct ti_opp_supply_req req;

	KUNIT_EXPECT_EQ(test, ti_opp_supply_request(&ti_nom, TI_V_NOM_MIN - 5000,
						    TI_ABS_MAX, &req), -EINVAL);
	KUNIT_EXPECT_EQ(test, ti_opp_supply_request(&ti_od, 0,
						    TI_V_OD_MIN - 5000, &req),
			-EINVAL);
	/* The minimum itself is fine. */
	KUNIT_EXPECT_EQ(test, ti_opp_supply_request(&ti_nom, TI_V_NOM_MIN,
						    TI_ABS_MAX, &req), 0);
}

/* ------------------------------------------------------------------------ */
/* The efuse settings                                                        */
/* ------------------------------------------------------------------------ */

/* The three efuse words of opp-supply-dra7, as registers; test-managed. */
static void __iomem *ti_efuse(struct kunit *test)
{
	static const u32 words[] = { TI_WORD_NOM, TI_WORD_OD, TI_WORD_HIGH };
	__le32 *regs = kunit_kcalloc(test, ARRAY_SIZE(words), sizeof(*regs),
				     GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, regs);
	BUILD_BUG_ON(sizeof(words) != TI_EFUSE_SIZE);
	for (i = 0; i < ARRAY_SIZE(words); i++)
		regs[i] = cpu_to_le32(words[i]);
	return (void __force __iomem *)regs;
}

/* DRA7's settings read from the fake efuse. */
static struct ti_opp_supply_cal *ti_dra7_cal(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,ti-supply");
	struct ti_opp_supply_cal *cal = kunit_kzalloc(test, sizeof(*cal),
						      GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cal);
	cal->vbb = true;
	KUNIT_ASSERT_EQ(test, ti_opp_supply_parse(dev, ti_efuse(test),
						  TI_EFUSE_SIZE, cal), 0);
	return cal;
}

static void ti_parse_dra7_settings(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_dra7_cal(test);

	KUNIT_ASSERT_EQ(test, cal->nr_vdd, 3);
	KUNIT_EXPECT_EQ(test, cal->vdd[0].nominal_uv, TI_V_NOM);
	KUNIT_EXPECT_EQ(test, cal->vdd[0].calibrated_uv, TI_CAL_NOM);
	KUNIT_EXPECT_EQ(test, cal->vdd[1].nominal_uv, TI_V_OD);
	KUNIT_EXPECT_EQ(test, cal->vdd[1].calibrated_uv, TI_CAL_OD);
	KUNIT_EXPECT_EQ(test, cal->vdd[2].nominal_uv, TI_V_HIGH);
	KUNIT_EXPECT_EQ(test, cal->vdd[2].calibrated_uv, TI_V_HIGH);
	KUNIT_EXPECT_EQ(test, cal->abs_max_uv, TI_ABS_MAX);
}

/**
 * struct ti_bad_node - a node ti_opp_supply_parse() must refuse
 * @compatible: the node
 * @message: a part of the one error line, or NULL not to check the text
 */
struct ti_bad_node {
	const char *compatible;
	const char *message;
};

static const struct ti_bad_node ti_bad_nodes[] = {
	{ "opp-kunit,ti-no-settings", "No 'ti,efuse-settings' property found" },
	{ "opp-kunit,ti-odd", "Invalid 'ti,efuse-settings'" },
	{ "opp-kunit,ti-no-max", "ti,absolute-max-voltage-uv is missing" },
	/* An offset past the 12 bytes of registers, and one not on a word. */
	{ "opp-kunit,ti-far", NULL },
	{ "opp-kunit,ti-unaligned", NULL },
};

static void ti_bad_node_desc(const struct ti_bad_node *node, char *desc)
{
	strscpy(desc, node->compatible, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ti_bad_node, ti_bad_nodes, ti_bad_node_desc);

static void ti_parse_refuses_bad_node(struct kunit *test)
{
	const struct ti_bad_node *node = test->param_value;
	struct device *dev = opp_kunit_of_device(test, node->compatible);
	struct ti_opp_supply_cal cal = {};
	struct fake_console *errors = fake_console(test, dev, LOGLEVEL_ERR);

	KUNIT_EXPECT_EQ(test, ti_opp_supply_parse(dev, ti_efuse(test),
						  TI_EFUSE_SIZE, &cal), -EINVAL);
	KUNIT_ASSERT_EQ(test, fake_console_count(errors), 1);
	if (node->message)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(fake_console_line(errors, 0),
						       node->message),
					  "%s", fake_console_line(errors, 0));
}

/* ------------------------------------------------------------------------ */
/* Transitions                                                               */
/* ------------------------------------------------------------------------ */

/* The test's callback: the driver's transition with the test's calibration. */
static int ti_kunit_config_regulators(struct device *dev,
				      struct dev_pm_opp *old_opp,
				      struct dev_pm_opp *new_opp,
				      struct regulator **regs,
				      unsigned int count)
{
	struct kunit *test = kunit_get_current_test();

	if (!test)
		return -EINVAL;
	return ti_opp_supply_transition(dev, test->priv, old_opp, new_opp,
					regs, count);
}

/*
 * A CPU-like device at TI_F_NOM, with @nr_regs regulators, the table of the
 * node with @compatible and the driver's transition on @cal; the log is
 * empty.
 */
static struct opp_kunit_dvfs *ti_rail(struct kunit *test,
				      const char *compatible,
				      unsigned int nr_regs,
				      struct ti_opp_supply_cal *cal)
{
	static const char * const two[] = { "vdd", "vdd2", NULL };
	static const char * const one[] = { "vdd", NULL };
	struct dev_pm_opp_config config = {
		.regulator_names = nr_regs == 2 ? two : one,
		.config_regulators = ti_kunit_config_regulators,
	};
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, compatible, true,
						    TI_F_NOM, nr_regs);

	test->priv = cal;
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_config(fix->dev, &config), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_ASSERT_EQ(test, fix->log.nr, 0);
	return fix;
}

/* The DRA7 rail, its first transition (to TI_F_NOM) done. */
static struct opp_kunit_dvfs *ti_dra7_at_nom(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-cpu", 2,
					     ti_dra7_cal(test));

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	fix->log.nr = 0;
	return fix;
}

/* The first transition is to the boot rate: not a rise, so VBB first. */
static void ti_first_transition_vbb_first(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-cpu", 2,
					     ti_dra7_cal(test));

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	EXPECT_LOG(test, fix, EV_VBB(TI_V_NOM), EV_VDD(TI_CAL_NOM));
}

/* Rising: VDD (calibrated, above the OPP's max), VBB, then the clock. */
static void ti_scale_up_vdd_first(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_dra7_at_nom(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_OD), 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_CAL_OD), EV_VBB(TI_V_OD), RATE(TI_F_OD));
}

/* Falling: the clock, VBB, then VDD. */
static void ti_scale_down_vbb_first(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_dra7_at_nom(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_OD), 0);
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	EXPECT_LOG(test, fix, RATE(TI_F_NOM), EV_VBB(TI_V_NOM), EV_VDD(TI_CAL_NOM));
}

/* HIGH's efuse word is blank: VDD at nominal, no error. */
static void ti_blank_efuse_runs_nominal(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_dra7_at_nom(test);
	struct fake_console *errors = fake_console(test,
								   fix->dev, LOGLEVEL_ERR);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_HIGH), 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_V_HIGH), EV_VBB(TI_V_HIGH), RATE(TI_F_HIGH));
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 0);
}

/* PLUS's voltage is not in the settings: nominal, and an error line. */
static void ti_unlisted_voltage_runs_nominal(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = ti_dra7_at_nom(test);
	struct fake_console *errors = fake_console(test,
								   fix->dev, LOGLEVEL_ERR);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_PLUS), 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_V_PLUS), EV_VBB(TI_V_PLUS), RATE(TI_F_PLUS));
	KUNIT_ASSERT_EQ(test, fake_console_count(errors), 1);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(fake_console_line(errors, 0),
					       "Failed optimized voltage match for 1250000"),
				  "%s", fake_console_line(errors, 0));
}

/*
 * With an absolute maximum of 1.15 V, OD's VBB target (1.16 V) is refused
 * after VDD rose to 1.1 V. The driver puts both back to NOM's own targets,
 * VBB first (VBB did not move, so only VDD, to NOM's nominal 1.06 V), and
 * fails; the core then walks its regulator step back to NOM through the
 * callback (VBB unchanged, VDD calibrated). The clock never moves.
 */
static void ti_refused_request_restores_old_opp(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, 1100000,
					       1150000, true);
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-cpu", 2, cal);
	static const char *refused =
		"Invalid range voltages [Min:885000 target:1160000 Max:1150000]";
	struct fake_console *warnings;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	EXPECT_LOG(test, fix, EV_VBB(TI_V_NOM), EV_VDD(TI_CAL_NOM));

	warnings = fake_console(test, fix->dev, LOGLEVEL_WARNING);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_OD), -EINVAL);
	EXPECT_LOG(test, fix, EV_VDD(1100000), EV_VDD(TI_V_NOM), EV_VDD(TI_CAL_NOM));
	KUNIT_EXPECT_EQ(test, fix->clk->rate, TI_F_NOM);
	KUNIT_EXPECT_GE(test, fake_console_count(warnings), 1);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(fake_console_line(warnings, 0),
					       refused),
				  "%s", fake_console_line(warnings, 0));
}

#define EV_VDD_ON	{ FAKE_EV_ON, 0, 0 }

/*
 * With one regulator named, the core moves it itself and never calls the
 * driver: the nominal voltages, and the supply enabled after its first one.
 */
static void ti_one_regulator_left_to_core(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, TI_CAL_OD,
					       TI_ABS_MAX, false);
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-core", 1, cal);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_V_NOM), EV_VDD_ON);
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_OD), 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_V_OD), RATE(TI_F_OD));
	fix->log.nr = 0;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, TI_F_NOM), 0);
	EXPECT_LOG(test, fix, RATE(TI_F_NOM), EV_VDD(TI_V_NOM));
}

/*
 * The driver called directly with the VDD of a rail without VBB
 * (omap5-core): it moves VDD alone, to the calibrated voltage.
 */
static void ti_core_rail_moves_vdd_alone(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, TI_CAL_OD,
					       TI_ABS_MAX, false);
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-core", 1, cal);
	struct dev_pm_opp *nom, *od;
	struct regulator *vdd;
	int ret;

	vdd = devm_regulator_get(fix->dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vdd);
	nom = opp_kunit_find_exact(test, fix->dev, TI_F_NOM, true);
	od = opp_kunit_find_exact(test, fix->dev, TI_F_OD, true);

	ret = ti_opp_supply_transition(fix->dev, cal, nom, od, &vdd, 1);
	KUNIT_EXPECT_EQ(test, ret, 0);
	EXPECT_LOG(test, fix, EV_VDD(TI_CAL_OD));
}

/* The driver called directly with only VDD for a rail with VBB refuses. */
static void ti_vbb_rail_needs_two_regulators(struct kunit *test)
{
	struct ti_opp_supply_cal *cal = ti_cal(test, TI_CAL_NOM, TI_CAL_OD,
					       TI_ABS_MAX, true);
	struct opp_kunit_dvfs *fix = ti_rail(test, "opp-kunit,ti-core", 1, cal);
	struct fake_console *errors = fake_console(test,
								   fix->dev, LOGLEVEL_ERR);
	struct dev_pm_opp *nom, *od;
	struct regulator *vdd;
	int ret;

	vdd = devm_regulator_get(fix->dev, "vdd");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vdd);
	nom = opp_kunit_find_exact(test, fix->dev, TI_F_NOM, true);
	od = opp_kunit_find_exact(test, fix->dev, TI_F_OD, true);

	ret = ti_opp_supply_transition(fix->dev, cal, nom, od, &vdd, 1);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	EXPECT_LOG(test, fix);
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 1);
}

/* ------------------------------------------------------------------------ */
/* The platform driver                                                       */
/* ------------------------------------------------------------------------ */

KUNIT_DEFINE_ACTION_WRAPPER(ti_kunit_pdev_unregister,
			    platform_device_unregister,
			    struct platform_device *);

/* A platform device on the node with @compatible, added: the driver binds. */
static struct platform_device *ti_kunit_pdev(struct kunit *test,
					     const char *compatible,
					     struct fake_console **errors)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, compatible);
	struct platform_device *pdev;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, np);
	pdev = platform_device_alloc(TI_KUNIT_PDEV, PLATFORM_DEVID_NONE);
	if (!pdev)
		of_node_put(np);
	KUNIT_ASSERT_NOT_NULL(test, pdev);
	/* The device owns the reference now; its release puts it. */
	device_set_node(&pdev->dev, of_fwnode_handle(np));

	ret = dev_set_name(&pdev->dev, TI_KUNIT_PDEV);
	if (!ret)
		*errors = fake_console(test, &pdev->dev, LOGLEVEL_ERR);
	ret = ret ?: platform_device_add(pdev);
	if (ret)
		platform_device_put(pdev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, ti_kunit_pdev_unregister, pdev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return pdev;
}

/*
 * OMAP36xx's node: the driver binds and gives CPU0 an OPP table (its
 * callback's), which goes away with the device.
 */
static void ti_probe_gives_cpu0_the_callback(struct kunit *test)
{
	struct device *cpu0 = get_cpu_device(0);
	struct fake_console *errors = NULL;
	struct platform_device *pdev;

	KUNIT_ASSERT_NOT_NULL(test, cpu0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);

	pdev = ti_kunit_pdev(test, "ti,omap-opp-supply", &errors);
	KUNIT_EXPECT_NOT_NULL(test, pdev->dev.driver);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), 0);
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 0);

	kunit_release_action(test, ti_kunit_pdev_unregister, pdev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
}

/* An OMAP5 node needs its efuse registers: without "reg" no binding. */
static void ti_probe_without_efuse_fails(struct kunit *test)
{
	struct device *cpu0 = get_cpu_device(0);
	struct fake_console *errors = NULL;
	struct platform_device *pdev;

	KUNIT_ASSERT_NOT_NULL(test, cpu0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);

	pdev = ti_kunit_pdev(test, "ti,omap5-opp-supply", &errors);
	KUNIT_EXPECT_NULL(test, pdev->dev.driver);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
	KUNIT_ASSERT_EQ(test, fake_console_count(errors), 1);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(fake_console_line(errors, 0),
					       "Unable to get IO resource"),
				  "%s", fake_console_line(errors, 0));
}

static struct kunit_case ti_supply_cases[] = {
	KUNIT_CASE(ti_efuse_word_is_mv_in_low_12_bits),
	KUNIT_CASE(ti_efuse_blank_word_is_nominal),
	KUNIT_CASE(ti_vdd_listed_voltage_is_calibrated),
	KUNIT_CASE(ti_vdd_unlisted_voltage_is_nominal),
	KUNIT_CASE(ti_vdd_without_calibration_is_nominal),
	KUNIT_CASE(ti_request_calibrated_is_target_and_floor),
	KUNIT_CASE(ti_request_own_target_keeps_min),
	KUNIT_CASE(ti_request_abs_max_widens),
	KUNIT_CASE(ti_request_out_of_range_fails),
	KUNIT_CASE(ti_parse_dra7_settings),
	KUNIT_CASE_PARAM(ti_parse_refuses_bad_node, ti_bad_node_gen_params),
	KUNIT_CASE(ti_first_transition_vbb_first),
	KUNIT_CASE(ti_scale_up_vdd_first),
	KUNIT_CASE(ti_scale_down_vbb_first),
	KUNIT_CASE(ti_blank_efuse_runs_nominal),
	KUNIT_CASE(ti_unlisted_voltage_runs_nominal),
	KUNIT_CASE(ti_refused_request_restores_old_opp),
	KUNIT_CASE(ti_one_regulator_left_to_core),
	KUNIT_CASE(ti_core_rail_moves_vdd_alone),
	KUNIT_CASE(ti_vbb_rail_needs_two_regulators),
	KUNIT_CASE(ti_probe_gives_cpu0_the_callback),
	KUNIT_CASE(ti_probe_without_efuse_fails),
	{}
};

static struct kunit_suite ti_supply_suite = {
	.name = "opp_ti_supply",
	.init = ti_kunit_init,
	.test_cases = ti_supply_cases,
};

kunit_test_suite(ti_supply_suite);

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated clock controller for the OPP demo.
 *
 * Each output named in "clock-output-names" is a root clock that runs at
 * whatever rate it was last given, rounded down to a whole kHz as a real
 * divider would. Nothing is clocked, but every change goes through the
 * common clock framework, its notifiers and its clk_set_rate tracepoint.
 * Start-up rates come from "assigned-clock-rates" on the controller node.
 */

#include <linux/clk-provider.h>
#include <linux/device.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

#define SIM_CLK_STEP_HZ	1000

struct sim_clk {
	struct clk_hw hw;
	unsigned long rate;
};

static struct sim_clk *to_sim_clk(struct clk_hw *hw)
{
	return container_of(hw, struct sim_clk, hw);
}

static unsigned long sim_clk_recalc_rate(struct clk_hw *hw,
					 unsigned long parent_rate)
{
	return to_sim_clk(hw)->rate;
}

static long sim_clk_round_rate(struct clk_hw *hw, unsigned long rate,
			       unsigned long *parent_rate)
{
	return rounddown(rate, SIM_CLK_STEP_HZ);
}

static int sim_clk_set_rate(struct clk_hw *hw, unsigned long rate,
			    unsigned long parent_rate)
{
	to_sim_clk(hw)->rate = rate;
	return 0;
}

static const struct clk_ops sim_clk_ops = {
	.recalc_rate = sim_clk_recalc_rate,
	.round_rate = sim_clk_round_rate,
	.set_rate = sim_clk_set_rate,
};

static int sim_clk_register(struct device *dev, struct sim_clk *clk,
			    const char *name)
{
	struct clk_init_data init = {
		.name = name,
		.ops = &sim_clk_ops,
	};

	clk->hw.init = &init;
	return devm_clk_hw_register(dev, &clk->hw);
}

static int sim_clk_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct clk_hw_onecell_data *cells;
	struct sim_clk *clks;
	const char *name;
	int count, i, ret;

	count = of_property_count_strings(dev->of_node, "clock-output-names");
	if (count <= 0)
		return dev_err_probe(dev, count ?: -EINVAL,
				     "%pOF: no clock-output-names\n",
				     dev->of_node);

	cells = devm_kzalloc(dev, struct_size(cells, hws, count), GFP_KERNEL);
	clks = devm_kcalloc(dev, count, sizeof(*clks), GFP_KERNEL);
	if (!cells || !clks)
		return -ENOMEM;
	cells->num = count;

	for (i = 0; i < count; i++) {
		of_property_read_string_index(dev->of_node,
					      "clock-output-names", i, &name);
		ret = sim_clk_register(dev, &clks[i], name);
		if (ret)
			return dev_err_probe(dev, ret, "%pOF: clock %s\n",
					     dev->of_node, name);
		cells->hws[i] = &clks[i].hw;
	}

	return devm_of_clk_add_hw_provider(dev, of_clk_hw_onecell_get, cells);
}

static const struct of_device_id sim_clk_of_match[] = {
	{ .compatible = "opp-demo,sim-clk" },
	{ }
};

static struct platform_driver sim_clk_driver = {
	.probe = sim_clk_probe,
	.driver = {
		.name = "opp-demo-sim-clk",
		.of_match_table = sim_clk_of_match,
	},
};
builtin_platform_driver(sim_clk_driver);

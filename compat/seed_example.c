// SPDX-License-Identifier: GPL-2.0-only
/*
 * The seed's example, the way platform code of the original OPP API wrote
 * it: name the regulator, load the table from the device tree, register a
 * helper that programs several supplies, and undo it all in reverse. It is
 * not part of the OPP core and kbuild never builds it from drivers/opp: make
 * compat compiles it against the grafted header, like the in-tree users, and
 * checks that the core exports every symbol it references.
 */

#include <linux/err.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_opp.h>
#include <linux/regulator/consumer.h>

/* What one board keeps between probe and remove. */
struct seed_board {
	struct opp_table *regulators;
	struct opp_table *helper;
};

/* Programs every supply to the new OPP's target, inside its range. */
static int seed_board_set_opp(struct dev_pm_set_opp_data *data)
{
	struct dev_pm_opp_supply *supply;
	unsigned int i;
	int ret;

	for (i = 0; i < data->regulator_count; i++) {
		supply = &data->new_opp.supplies[i];
		ret = regulator_set_voltage_triplet(data->regulators[i],
						    supply->u_volt_min,
						    supply->u_volt,
						    supply->u_volt_max);
		if (ret)
			return ret;
	}

	return 0;
}

static void seed_board_teardown(struct seed_board *board, struct device *dev)
{
	dev_pm_opp_of_remove_table(dev);
	dev_pm_opp_register_put_opp_helper(board->helper);
	dev_pm_opp_put_regulators(board->regulators);
}

static int seed_board_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	const char *name[] = {"vdd"};
	struct seed_board *board;
	int ret;

	board = devm_kzalloc(dev, sizeof(*board), GFP_KERNEL);
	if (!board)
		return -ENOMEM;

	board->regulators = dev_pm_opp_set_regulators(dev, name,
						      ARRAY_SIZE(name));
	if (IS_ERR(board->regulators))
		return PTR_ERR(board->regulators);

	board->helper = dev_pm_opp_register_set_opp_helper(dev,
							   seed_board_set_opp);
	if (IS_ERR(board->helper)) {
		dev_pm_opp_put_regulators(board->regulators);
		return PTR_ERR(board->helper);
	}

	ret = dev_pm_opp_of_add_table(dev);
	if (ret) {
		dev_pm_opp_register_put_opp_helper(board->helper);
		dev_pm_opp_put_regulators(board->regulators);
		return ret;
	}

	ret = dev_pm_opp_set_rate(dev, dev_pm_opp_get_suspend_opp_freq(dev));
	if (ret) {
		seed_board_teardown(board, dev);
		return ret;
	}

	platform_set_drvdata(pdev, board);
	return 0;
}

static void seed_board_remove(struct platform_device *pdev)
{
	seed_board_teardown(platform_get_drvdata(pdev), &pdev->dev);
}

static struct platform_driver seed_board_driver = {
	.probe = seed_board_probe,
	.remove_new = seed_board_remove,	/* the name 6.1 and 6.12 both take */
	.driver = {
		.name = "opp-seed-example",
	},
};
module_platform_driver(seed_board_driver);

MODULE_DESCRIPTION("The seed's OPP example, compiled by make compat");
MODULE_LICENSE("GPL");

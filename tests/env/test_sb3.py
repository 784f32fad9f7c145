"""An SB3 user's own code on the Gymnasium wrapper, no shim: sb3-contrib's MaskablePPO learns a
few hundred steps through ``action_masks()`` (runs with ``pip install 'skat[rl]'``, skips
otherwise: torch is too large for the test extra)."""

from __future__ import annotations

import pytest

from skat.env import SkatGymEnv

sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (skat[rl])")


def test_maskable_ppo_trains_on_the_wrapper_and_only_plays_legal_ids() -> None:
    from sb3_contrib.common.maskable.utils import get_action_masks

    env = SkatGymEnv(seat=None, opponents="sensible-random", contract="heuristic", scale=True)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=128, batch_size=64, seed=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs, _ = env.reset(seed=5)
    terminated = False
    while not terminated:
        masks = get_action_masks(env)
        action, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[int(action)], "MaskablePPO chose a masked id"
        obs, _, terminated, _, info = env.step(int(action))
        assert not info["illegal"]
    assert env.state.is_over and info["result"] is env.state.result

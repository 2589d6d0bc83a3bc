"""Peers of featlab/sensing (see cases_sensing.go): HiGHS through scipy's
linprog for basis pursuit, CVXOPT's SDP solver for nuclear-norm
minimisation (the formulation of featlab/sensing/testdata/golden_nuclear_cvxopt.py,
imported from there so that it exists once)."""
import os
import sys

import numpy as np
from scipy.optimize import linprog

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "sensing", "testdata"))


def basis_pursuit_highs(data):
    A, y, s0 = data["A"], data["y"], data["s"]
    n, m = A.shape
    Aeq = np.hstack([A, -A])
    c = np.ones(2 * m)

    def run():
        res = linprog(c, A_eq=Aeq, b_eq=y, bounds=(0, None), method="highs")
        s = res.x[:m] - res.x[m:]
        if res.status != 0 or np.max(np.abs(s - s0)) > 1e-6:
            raise RuntimeError("HiGHS did not recover s: status %d, error %g" % (res.status, np.max(np.abs(s - s0))))
        return s

    return run


def nuclear_norm_sdp(data):
    from golden_nuclear_cvxopt import sdp_complete

    M = data["obs"]

    def run():
        X, status, obj, secs = sdp_complete(M)
        if status != "optimal":
            raise RuntimeError("CVXOPT status " + status)
        return X

    return run

from decimal import Decimal as D, ROUND_HALF_UP, ROUND_CEILING
def r(x, q='0.01'): return D(x).quantize(D(q), ROUND_HALF_UP)
def rd(x): return D(x).quantize(D('1'), ROUND_HALF_UP)

# ---------- Montana 2025 (annual table from GP/NFC; per-period as printed, payroll-tax-engine) ----------
ANNUAL = {'single': (15000, 36100, 992), 'married_filing_jointly': (30000, 72200, 1983), 'head_of_household': (22500, 54200, 1490)}
PRINTED = {  # floor0, floor2, base2 per frequency
 'single': {'weekly': (288, 694, 19), 'biweekly': (577, 1388, 38), 'semimonthly': (625, 1504, 41), 'monthly': (1250, 3008, 83), 'daily': (41, 99, 3)},
 'married_filing_jointly': {'weekly': (577, 1388, 38), 'biweekly': (1154, 2777, 76), 'semimonthly': (1250, 3008, 83), 'monthly': (2500, 6017, 165), 'daily': (82, 198, 6)},
 'head_of_household': {'weekly': (433, 1042, 29), 'biweekly': (865, 2085, 57), 'semimonthly': (938, 2258, 62), 'monthly': (1875, 4517, 124), 'daily': (62, 148, 4)},
}
P = {'weekly': 52, 'biweekly': 26, 'semimonthly': 24, 'monthly': 12, 'daily': 365}
print("MT rule check: floors = annual/periods to the dollar (daily 365); bases within $1 of share")
for st, (f1, f2, b) in ANNUAL.items():
    # annual base exact
    print(st, 'annual base exact', D('0.047')*(f2-f1), 'printed', b)
    for fr, (p1, p2, pb) in PRINTED[st].items():
        n = P[fr]
        s1, s2, sb = rd(D(f1)/n), rd(D(f2)/n), D(b)/n
        ok = (s1 == p1 and s2 == p2 and abs(sb - pb) <= 1)
        print(f"  {fr:12s} floors {p1}/{p2} rule {s1}/{s2}  base {pb} share {sb:.3f} nearest {rd(sb)} {'OK' if ok else 'MISMATCH'}")
def mt(st, fr, g):
    p1, p2, pb = PRINTED[st][fr]
    g = D(g)
    if g < p1: t = D(0)
    elif g < p2: t = D('0.047')*(g-p1)
    else: t = pb + D('0.059')*(g-p2)
    return t, rd(t), t.quantize(D('1'), ROUND_CEILING)
print("MT examples")
for st, fr, g, exp in [('single','semimonthly',1375,36), ('single','biweekly',2950,131), ('married_filing_jointly','biweekly',2950,87)]:
    t, near, up = mt(st, fr, g); print(st, fr, g, 'exact', t, 'nearest', near, 'up', up, 'printed', exp)

# ---------- Oregon 2025 ----------
SD = {'S': D(2835), 'M': D(5670)}
SCHED = {'S': [(0, D('0.0475'), D(0)), (4400, D('0.0675'), D(209)), (11100, D('0.0875'), D(661)), (125000, D('0.099'), D(10627))],
         'M': [(0, D('0.0475'), D(0)), (8800, D('0.0675'), D(418)), (22200, D('0.0875'), D(1323)), (250000, D('0.099'), D(21256))]}
CAP = {'S': [(0, 8500), (125000, 6800), (130000, 5100), (135000, 3400), (140000, 1700), (145000, 0)],
       'M': [(0, 8500), (250000, 6800), (260000, 5100), (270000, 3400), (280000, 1700), (290000, 0)]}
print("OR schedule base checks (exact running sums vs printed)")
for k, rows in SCHED.items():
    for i in range(1, len(rows)):
        f0, r0, b0 = rows[i-1]; f1 = rows[i][0]
        print(k, f1, 'exact', b0 + r0*(f1-f0), 'written', rows[i][2])
def orw(box, wages_year, fed_year, allowances):
    W = D(wages_year)
    lim = 100000 if box == 'S' else 200000
    a = 0 if W > lim else allowances
    table = 'M' if (box == 'M' or a >= 3) else 'S'
    cap = [amt for at, amt in CAP[box] if W >= at][-1]
    F = min(D(fed_year), D(cap))
    base = max(D(0), W - F - SD[table])
    rows = SCHED[table]
    row = [x for x in rows if base >= x[0]][-1]
    tax = row[2] + row[1]*(base-row[0])
    if W < 50000: tax += 256
    tax = max(D(0), tax - 256*a)
    return base, tax
b, t = orw('S', 25000, 1000, 0); print('OR Example 1 2025: BASE', b, 'tax', t, '->', rd(t))
for n in (12, 24, 26, 52, 260):
    print('  split', n, rd(t/n))

# ---------- Massachusetts 2025 illustrative ----------
def ma(fr, wages, n_ex, hoh=False, blind=0, ytd_fica=0):
    per = {'weekly': 52, 'biweekly': 26, 'semimonthly': 24, 'monthly': 12, 'daily': 365}[fr]
    w = D(wages)
    if n_ex >= 1 and w < rd(D(8000)/per): return D(0), 'floor'
    fica = r(w*D('0.062')) + r(w*D('0.0145'))
    ded = min(fica, max(D(0), D(2000) - D(ytd_fica)))
    ex = (rd(D(4400)/per) + (n_ex-1)*rd(D(1000)/per)) if n_ex >= 1 else D(0)
    net = max(D(0), w - ded - ex)
    yr = net*per
    tax = yr*D('0.05') if yr <= 1083150 else D(1083150)*D('0.05') + (yr-1083150)*D('0.09')
    t = r(tax/per)
    if hoh: t -= r(D(120)/per)
    t -= blind*r(D(110)/per)
    return max(D(0), t), dict(fica=fica, ded=ded, ex=ex, net=net, yr=yr, annual=tax)
for args in [('weekly', 1000, 1), ('weekly', 1000, 2, True), ('biweekly', 300, 1), ('monthly', 100000, 1, False, 0, 2000)]:
    print('MA', args, ma(*args))

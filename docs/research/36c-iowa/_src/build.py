import re, sys
EMS = {2024: {'04','76','83','95'}, 2025: {'04','15','76','81','83','95'}}
def parse(path):
    rows = []
    for line in open(path):
        c, rest = line.strip().split(': ', 1)
        for item in rest.split('; '):
            m = re.match(r'(\d{4}) (.+) (\d+)$', item)
            rows.append((c, m.group(1), m.group(2), int(m.group(3))))
    return rows
def dec(p): return '0' if p == 0 else ('0.%02d' % p if p < 100 else None)
for year in (2024, 2025):
    rows = parse(f'_src/ha-{year}.txt')
    d = {}
    for c, code, name, pct in rows:
        d.setdefault(code, {'name': name, 'non': {}, 'ems': {}})
        assert d[code]['name'] == name, (code, name)
        (d[code]['ems'] if c in EMS[year] else d[code]['non'])[c] = pct
    out = [f'# Iowa school district income surtax, tax year {year} - CANDIDATE list, grade: missing (one secondary source).',
           '# Source: mray1985/HA individual/shared/src/constants/states/ia.ts (commit 67b59eb1ce2f5948f4145d236b29182e8996e5cc), which says it was',
           f'# "Generated from the Iowa Department of Revenue table Iowa Counties, School District Numbers, Surtax Rates (41-027) for 2024 and 2025".',
           '# rate = school surtax for residents of a county WITHOUT the EMS surtax; ems_county_rates = the combined rate the table gives in EMS counties',
           f'# (EMS counties {year}: {", ".join(sorted(EMS[year]))}; EMS surtax 1 point per the source). base_from = how the rate was derived.',
           'district|name|rate|ems_county_rates|counties|base_from|grade']
    problems = []
    for code in sorted(d):
        e = d[code]; non = set(e['non'].values()); ems = set(e['ems'].values())
        if len(non) > 1: problems.append(f'{code} non-EMS rates differ {e["non"]}')
        if non:
            base = min(non); how = 'non-EMS county'
            for c, p in e['ems'].items():
                if p != base + 1: problems.append(f'{code} {e["name"]} EMS county {c} {p} != base {base}+1')
        else:
            base = min(ems) - 1; how = 'EMS county rate minus 1'
        emsr = ','.join(f'{c}:{dec(p)}' for c, p in sorted(e['ems'].items()))
        cs = ','.join(sorted(list(e['non']) + list(e['ems'])))
        out.append(f'{code}|{e["name"]}|{dec(base)}|{emsr}|{cs}|{how}|missing')
    open(f'IA-school-surtax-{year}.psv', 'w').write('\n'.join(out) + '\n')
    print(year, 'districts', len(d), 'rows', len(rows)); print('\n'.join(problems))

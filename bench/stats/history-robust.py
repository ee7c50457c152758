# The history test against a history inflated by a few bad runs: would a second, robust test
# (median, F x 1.4826 MAD, df K - 1) in union with the shipped one (mean, max(sd, MAD), df K - 1)
# hold alpha and find more? Units of the runner sd (the shipped floor, half the prior, is left out:
# it only widens). Printed per K: (F, [union rejections / nominal at a = 0.05/6, 0.05/3, 0.05], the
# shipped test alone / nominal at 0.05/6), for normal and t4 runs; then power with 2 bad runs at
# +7 sd. docs/design/statistics.md "A history inflated by a few bad runs" quotes it.
#   nice python3 bench/stats/history-robust.py   (numpy + scipy; about 1 min)
import numpy as np
from scipy import stats
rng=np.random.default_rng(1)
def pvals(x,h,F):
    K=h.shape[1]
    m=h.mean(1); sd=h.std(1,ddof=1); med=np.median(h,1); mad=1.4826*np.median(np.abs(h-med[:,None]),1)
    s1=np.maximum(sd,mad); t1=(x-m)/(s1*np.sqrt(1+1/K)); p1=2*stats.t.sf(np.abs(t1),K-1)
    t2=(x-med)/(F*mad*np.sqrt(1+1/K)); p2=2*stats.t.sf(np.abs(t2),K-1)
    return p1,p2
N=400000
for dist in ['normal', 't4']:
  for K in [5,7,10,20]:
    draw=(lambda size: rng.standard_normal(size)) if dist=='normal' else (lambda size: rng.standard_t(4,size))
    h=draw((N,K)); x=draw(N)
    out=[]
    for F in [1.5,2,2.5,3]:
        p1,p2=pvals(x,h,F)
        u=np.minimum(p1,p2)
        out.append((F,[round(np.mean(u<=a)/a,2) for a in [0.0083,0.0167,0.05]], round(np.mean(p1<=0.0083)/0.0083,2)))
    print(dist,K,out)
print('power, K=7 with 2 bad runs at +7 sd; K=10 with 2 bad')
for K,F in [(7,3),(10,2),(10,3)]:
  for d in [4,6,8,12]:
    h=rng.standard_normal((N//4,K)); h[:,:2]+=7; x=rng.standard_normal(N//4)+d
    p1,p2=pvals(x,h,F); a=0.0083
    print(K,F,d,'primary',round(np.mean(p1<=a),3),'union',round(np.mean(np.minimum(p1,p2)<=a),3))

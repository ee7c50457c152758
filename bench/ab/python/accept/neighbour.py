# A bursty neighbour: takes one core for 0.5-3 s, then rests 1-5 s, until killed.
import random, time
r = random.Random()
while True:
    end = time.time() + r.uniform(0.5, 3)
    while time.time() < end:
        pass
    time.sleep(r.uniform(1, 5))

// A data module, long because it is data: the land outline and the main streets of San Francisco.
import type { CityMap } from '../city-map.js';

/**
 * San Francisco: its land area and a few dozen of its main streets, for geocoding.
 *
 * Provenance and licence: hand-made for this project from public knowledge of the city's street
 * layout (where the main streets run, well-known intersections and addresses such as 1 Market St
 * at Steuart St or 500 Castro St at 18th St). It is approximate, not surveyed: points may be off
 * by tens of metres and house numbers by a block. It is not derived from OpenStreetMap or any
 * other database. Released with the project under its MIT licence.
 *
 * The land ring is drawn a little inland of the shore (the bay to the north and east, the ocean
 * to the west) and follows the county line to the south; it leaves out Treasure Island and the
 * Farallones, and keeps Lake Merced and the parks as land.
 */
export const SAN_FRANCISCO: CityMap = {
  names: ['san francisco', 'sf', 'san francisco ca'],
  land: [
    [37.8085, -122.4755], // Fort Point
    [37.804, -122.464], // Crissy Field
    [37.805, -122.448], // the Marina, west
    [37.8055, -122.44], // Marina Green
    [37.806, -122.432], // Fort Mason
    [37.8065, -122.4255], // Aquatic Park
    [37.807, -122.418], // Hyde St Pier
    [37.8075, -122.41], // Fisherman's Wharf
    [37.807, -122.404], // Pier 35
    [37.804, -122.401], // Pier 27
    [37.799, -122.397], // Pier 9
    [37.7955, -122.3925], // Ferry Building
    [37.7925, -122.3905], // Mission St at the Embarcadero
    [37.789, -122.3875], // the Bay Bridge's anchorage
    [37.7815, -122.387], // Pier 40
    [37.779, -122.387], // the ballpark
    [37.774, -122.386], // Mission Creek
    [37.768, -122.3855], // Mission Bay, east
    [37.76, -122.383], // Pier 70
    [37.753, -122.384], // Potrero Point
    [37.744, -122.383], // Islais Creek
    [37.736, -122.378], // India Basin
    [37.729, -122.362], // Hunters Point
    [37.722, -122.366],
    [37.715, -122.38], // Candlestick Point
    [37.709, -122.388], // the county line, east
    [37.7085, -122.47], // the county line
    [37.7085, -122.5], // Fort Funston
    [37.735, -122.506], // Ocean Beach at Sloat Blvd
    [37.76, -122.508], // Ocean Beach at Judah St
    [37.77, -122.509], // Golden Gate Park, west end
    [37.778, -122.511], // the Cliff House
    [37.783, -122.505], // Lands End
    [37.786, -122.495], // Lincoln Park
    [37.787, -122.489], // Sea Cliff
    [37.79, -122.484], // Baker Beach
    [37.798, -122.48], // the Presidio, west
  ],
  streets: [
    {
      names: ['market st'],
      points: [
        [1, 37.7942, -122.3946], // Steuart St
        [400, 37.7912, -122.3985], // 1st St
        [700, 37.7882, -122.4025], // New Montgomery St
        [900, 37.7847, -122.4079], // Powell St, 5th St
        [1100, 37.781, -122.4125], // 7th St
        [1300, 37.7775, -122.4168], // 9th St
        [1600, 37.7752, -122.4193], // Van Ness Ave
        [2000, 37.7698, -122.4262], // Guerrero St
        [2100, 37.7673, -122.429], // Church St
        [2300, 37.7643, -122.433], // Noe St
        [2400, 37.7626, -122.4352], // Castro St
      ],
    },
    {
      names: ['mission st'],
      points: [
        [1, 37.7929, -122.393], // Steuart St
        [500, 37.7899, -122.3969], // 1st St
        [700, 37.7869, -122.4009], // 3rd St
        [900, 37.7834, -122.4063], // 5th St
        [1100, 37.7797, -122.4109], // 7th St
        [1300, 37.7762, -122.4152], // 9th St
        [1500, 37.7735, -122.418], // 11th St
        [1800, 37.7685, -122.42], // 14th St
        [2000, 37.765, -122.4197], // 16th St
        [2400, 37.7585, -122.419], // 20th St
        [2800, 37.7522, -122.4183], // 24th St
        [3000, 37.7483, -122.4181], // Cesar Chavez St
        [3300, 37.7421, -122.4224], // 30th St
      ],
    },
    {
      names: ['howard st'],
      points: [
        [1, 37.7916, -122.3914], // Steuart St
        [500, 37.7886, -122.3953], // 1st St
        [700, 37.7856, -122.3993], // 3rd St
        [900, 37.7821, -122.4047], // 5th St
        [1100, 37.7784, -122.4093], // 7th St
        [1300, 37.7749, -122.4136], // 9th St
        [1500, 37.7722, -122.4164], // 11th St
      ],
    },
    {
      names: ['valencia st'],
      points: [
        [1, 37.7722, -122.4226], // Market St
        [200, 37.7684, -122.4222], // 14th St
        [500, 37.7648, -122.4218], // 16th St
        [900, 37.7585, -122.4212], // 20th St
        [1300, 37.7522, -122.4206], // 24th St
        [1500, 37.7485, -122.4202], // Cesar Chavez St
      ],
    },
    {
      names: ['guerrero st'],
      points: [
        [1, 37.7697, -122.4246], // Market St
        [300, 37.7646, -122.4241], // 16th St
        [700, 37.7581, -122.4235], // 20th St
        [1100, 37.7516, -122.4229], // 24th St
        [1300, 37.7484, -122.4226], // Cesar Chavez St
      ],
    },
    {
      names: ['dolores st'],
      points: [
        [1, 37.7688, -122.4267], // Market St
        [300, 37.7644, -122.4262], // 16th St
        [700, 37.758, -122.4256], // 20th St
        [1100, 37.7514, -122.425], // 24th St
        [1700, 37.7422, -122.4243], // 30th St
      ],
    },
    {
      names: ['church st'],
      points: [
        [1, 37.7696, -122.4292], // Duboce Ave
        [200, 37.7673, -122.429], // Market St
        [400, 37.7643, -122.4286], // 16th St
        [600, 37.7612, -122.4283], // 18th St
        [1200, 37.7516, -122.4274], // 24th St
        [1800, 37.7421, -122.4266], // 30th St
      ],
    },
    {
      names: ['sanchez st'],
      points: [
        [1, 37.7693, -122.4312], // Duboce Ave
        [200, 37.7659, -122.4309], // Market St
        [600, 37.761, -122.4306], // 18th St
        [1200, 37.7513, -122.4298], // 24th St
        [1800, 37.7418, -122.4289], // 30th St
      ],
    },
    {
      names: ['noe st'],
      points: [
        [1, 37.769, -122.4334], // Duboce Ave
        [300, 37.7643, -122.4331], // Market St
        [500, 37.7609, -122.4328], // 18th St
        [1100, 37.7511, -122.4319], // 24th St
        [1300, 37.7479, -122.4316], // Cesar Chavez St
      ],
    },
    {
      names: ['castro st'],
      points: [
        [1, 37.7693, -122.4362], // Duboce Ave
        [400, 37.7626, -122.4352], // Market St, 17th St
        [500, 37.7609, -122.435], // 18th St
        [1100, 37.7513, -122.434], // 24th St
        [1300, 37.7481, -122.4337], // Cesar Chavez St
        [1700, 37.742, -122.4331], // 30th St
      ],
    },
    {
      names: ['diamond st'],
      points: [
        [1, 37.7624, -122.4372], // 17th St
        [100, 37.7607, -122.437], // 18th St
        [700, 37.751, -122.4361], // 24th St
      ],
    },
    {
      names: ['van ness ave'],
      points: [
        [1, 37.7752, -122.4193], // Market St
        [1000, 37.7848, -122.4209], // O'Farrell St
        [1600, 37.7902, -122.4221], // California St
        [2100, 37.7956, -122.4232], // Broadway
        [2800, 37.8005, -122.4242], // Lombard St
        [3200, 37.8053, -122.4252], // North Point St
      ],
    },
    {
      names: ['geary blvd', 'geary st'],
      points: [
        [1, 37.7877, -122.4035], // Kearny St, Market St
        [500, 37.7869, -122.4114], // Taylor St
        [1000, 37.7855, -122.4212], // Van Ness Ave
        [1800, 37.7841, -122.433], // Fillmore St
        [2650, 37.7822, -122.447], // Masonic Ave
        [3400, 37.7814, -122.459], // Arguello Blvd
        [4700, 37.7805, -122.4722], // Park Presidio Blvd
        [5900, 37.7799, -122.485], // 25th Ave
        [7600, 37.7794, -122.504], // 43rd Ave
      ],
    },
    {
      names: ['columbus ave'],
      points: [
        [1, 37.7955, -122.4033], // Washington St
        [300, 37.7979, -122.4066], // Broadway
        [700, 37.8007, -122.4099], // Union St
        [1000, 37.8045, -122.4151], // Bay St
        [1200, 37.8063, -122.4176], // Beach St
      ],
    },
    {
      names: ['spear st'],
      points: [
        [1, 37.7935, -122.3955], // Market St
        [400, 37.7885, -122.3893], // Harrison St
      ],
    },
    {
      names: ['main st'],
      points: [
        [1, 37.7927, -122.3966], // Market St
        [400, 37.7876, -122.3903], // Harrison St
      ],
    },
    {
      names: ['beale st'],
      points: [
        [1, 37.792, -122.3975], // Market St
        [400, 37.7869, -122.3912], // Harrison St
      ],
    },
    {
      names: ['fremont st'],
      points: [
        [1, 37.7906, -122.3991], // Market St
        [400, 37.7854, -122.3928], // Harrison St
      ],
    },
    {
      names: ['new montgomery st'],
      points: [
        [1, 37.7881, -122.4024], // Market St
        [200, 37.7855, -122.3992], // Howard St
      ],
    },
    {
      names: ['montgomery st'],
      points: [
        [1, 37.7893, -122.4018], // Market St
        [600, 37.7951, -122.4028], // Washington St
        [1000, 37.7985, -122.4035], // Broadway
      ],
    },
    {
      names: ['kearny st'],
      points: [
        [1, 37.7878, -122.4036], // Market St
        [1000, 37.798, -122.4056], // Broadway
      ],
    },
    {
      names: ['stockton st'],
      points: [
        [1, 37.7856, -122.4064], // Market St
        [1000, 37.7952, -122.4082], // Clay St
        [1500, 37.7998, -122.4091], // Union St
      ],
    },
    {
      names: ['embarcadero center'],
      points: [
        [1, 37.7949, -122.3996],
        [4, 37.7951, -122.3963],
      ],
    },
    {
      names: ['ferry building', 'ferry bldg'],
      points: [[1, 37.7955, -122.3937]],
    },
    {
      names: ['north point st'],
      points: [
        [1, 37.8063, -122.4068], // Grant Ave
        [1600, 37.8053, -122.4252], // Van Ness Ave
      ],
    },
    {
      names: ['bay st'],
      points: [
        [1, 37.8054, -122.406], // Grant Ave
        [1600, 37.8044, -122.425], // Van Ness Ave
      ],
    },
    {
      names: ['chestnut st'],
      points: [
        [1, 37.804, -122.4045], // Kearny St
        [1500, 37.8012, -122.4244], // Van Ness Ave
        [2100, 37.8003, -122.4362], // Fillmore St
        [2400, 37.7999, -122.441], // Divisadero St
      ],
    },
    {
      names: ['lombard st'],
      points: [
        [1, 37.8033, -122.4035], // Sansome St
        [1500, 37.8003, -122.4242], // Van Ness Ave
        [2100, 37.7993, -122.436], // Fillmore St
        [3000, 37.7985, -122.447], // Lyon St
      ],
    },
    {
      names: ['union st'],
      points: [
        [1, 37.801, -122.403], // Sansome St
        [1600, 37.7983, -122.4237], // Van Ness Ave
        [2000, 37.7975, -122.432], // Webster St
        [3000, 37.7962, -122.447], // Lyon St
      ],
    },
    {
      names: ['king st'],
      points: [
        [1, 37.7806, -122.3892], // the Embarcadero
        [300, 37.7777, -122.3926], // 3rd St
        [700, 37.7747, -122.3966], // 5th St
      ],
    },
    {
      names: ['townsend st'],
      points: [
        [1, 37.7818, -122.3905], // the Embarcadero
        [400, 37.7777, -122.3955], // 4th St
        [700, 37.7725, -122.4022], // 8th St
      ],
    },
    {
      names: ['mission bay blvd'],
      points: [
        [1, 37.7706, -122.389], // 3rd St
        [400, 37.7706, -122.396], // 7th St
      ],
    },
  ],
};
